"""What the hot-seat session reads from the match for its screen policy: the public facts
of who the table waits for (:meth:`TableFacts.table`), the public-moment events of a
command, and — for a person's own move only — the cards it drew and what it revealed
to that person alone (the seat's own view and log, shown to nobody else)."""

from __future__ import annotations

from collections.abc import Callable

from game.engine import Match
from game.engine.registry import GameInfo
from game.ui.hotseat.screen_policy import Table
from game.ui.hotseat.windows import blind_window, people_left_in, public_window


def public_decision(match: Match, humans: int, is_human: Callable[[int], bool]) -> tuple[int, list[dict]] | None:
    """A decision the whole table watches: the one seat to act is a person and every
    command it may send is public by the game's rules (the match class's
    ``public_commands``: Testimony's answer to an invitation, the start of its next
    game). It is taken on the shared screen, without a curtain: nothing private is shown
    for it. None when there is no such decision (or only one person plays, ``humans``)."""
    if match.over or humans <= 1:
        return None
    public = getattr(type(match), "public_commands", ())
    pending = match.to_act()
    if not public or len(pending) != 1 or not is_human(pending[0]):
        return None
    legal = match.legal(pending[0])
    if not legal or any(c.get("type") not in public for c in legal):
        return None
    return pending[0], legal


class TableFacts:
    """Reads ``match`` for the screen policy of a table whose people are ``humans``."""

    def __init__(self, match: Match, info: GameInfo, humans: list[int], is_human: Callable[[int], bool]) -> None:
        self.match = match
        self.info = info
        self.humans = humans
        self.is_human = is_human

    def table(self) -> Table:
        """What the table waits for now, from the public view."""
        m = self.match
        if len(self.humans) <= 1 or m.over:
            return Table(over=m.over)
        shared = public_decision(m, len(self.humans), self.is_human) is not None
        view = m.view(None)
        to_act = m.to_act()
        blind = blind_window(view)
        blind_next = None
        if blind is not None:
            blind_next = next((s for s in blind["order"] if s in blind["waiting"] and self.is_human(s)), None)
        window = public_window(view)
        return Table(
            waiting=tuple(s for s in to_act if self.is_human(s)),
            shared=shared,
            blind_next=blind_next,
            window=window is not None and people_left_in(window, to_act, self.is_human),
        )

    def moments(self, since: int) -> list[dict]:
        """The public-moment events (the game's ``public_moments``) logged from state ``since`` on."""
        if not self.info.public_moments:
            return []
        return [e for e in self.match.log(None, since) if self.info.is_public_moment(e)]

    def hand(self, seat: int) -> list[str]:
        """``seat``'s own hand as its view shows it: ``view["hand"]`` (Salem) or the
        seat's entry in ``view["players"]`` (Hammer, Witch Trial)."""
        view = self.match.view(seat)
        if isinstance(view.get("hand"), list):
            return [c for c in view["hand"] if isinstance(c, str)]
        for player in view.get("players") or []:
            if isinstance(player, dict) and player.get("seat") == seat:
                return list(player.get("hand") or [])
        return []

    def drawn(self, seat: int, before: list[str]) -> list[str]:
        """The cards ``seat`` drew with a move that handed the play on ([] while it is
        still that seat's turn: its cards stay on screen anyway)."""
        if self.match.over or seat in self.match.to_act():
            return []
        had = set(before)
        return [c for c in self.hand(seat) if c not in had]

    def reveals(self, seat: int, since: int) -> list[dict]:
        """What ``seat``'s own move (logged from state ``since`` on) showed it alone (the
        game's ``private_reveals``), as its own log has it."""
        kinds = self.info.private_reveals
        if not kinds or self.match.over or not self.is_human(seat):  # the end shows all
            return []
        return [e for e in self.match.log(seat, since) if e.get("type") in kinds and e.get("seat") == seat]
