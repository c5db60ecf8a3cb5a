"""Continue (DESIGN D5): every unfinished saved game, newest first. Resume opens its
table; Delete asks first. A damaged save is listed as one (never opened, never changed)
and Delete may remove it, so it does not sit at the top of the list for ever.
"""

from __future__ import annotations

import datetime
import logging
import time
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import GAMES, SaveError
from game.saves import SaveInfo, list_saves
from game.ui.scene import register_scene
from game.ui.scenes.menu_base import MenuBase
from game.ui.session import HotseatSession, open_table
from game.ui.tables import load_tables, seat_role
from game.ui.widgets import Button, ListBox, ListRow, Widget, colour, draw_text
from game.ui.wording import listed

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


def saved_when(saved_at: float, now: float | None = None) -> str:
    """ "saved just now", "saved 12 min ago", "saved today 14:05", "saved yesterday
    20:10", "saved 3 Nov 14:05" (the year too when it is not this one)."""
    now = time.time() if now is None else now
    ago = now - saved_at
    if 0 <= ago < 60:
        return "saved just now"
    if 0 <= ago < 3600:
        return f"saved {int(ago // 60)} min ago"
    then, today = time.localtime(saved_at), time.localtime(now)
    clock = time.strftime("%H:%M", then)
    days = (
        datetime.date(today.tm_year, today.tm_mon, today.tm_mday)
        - datetime.date(then.tm_year, then.tm_mon, then.tm_mday)
    ).days
    if days == 0:
        return f"saved today {clock}"
    if days == 1:
        return f"saved yesterday {clock}"
    fmt = "%d %b" if then.tm_year == today.tm_year else "%d %b %Y"
    return f"saved {time.strftime(fmt, then).lstrip('0')} {clock}"


def whose_turn(names: list) -> str:
    """Who the game waits for: "Ann's turn", "waiting for Ann, Bob and Cy", and past three
    names "waiting for 12 players" (twelve names pushed "saved …" off the row)."""
    names = [str(n) for n in names]
    if not names:
        return ""
    if len(names) == 1:
        return f"{names[0]}'s turn"
    if len(names) > 3:
        return f"waiting for {len(names)} players"
    return "waiting for " + listed(names)


def _summary_words(game: str, cls: Any) -> dict:
    """The words a game's saves are described in (see :func:`describe`): the match
    class's ``summary_words``, else its table's, else none."""
    words = getattr(cls, "summary_words", None) if cls else None
    if not isinstance(words, dict):
        words = getattr(load_tables().get(game), "summary_words", None)
    return words if isinstance(words, dict) else {}


def describe(info: SaveInfo, now: float | None = None) -> ListRow:
    """One list row for a save: the game and its players (bots
    marked), then the round, the phase and whose turn it is, and when it was saved."""

    if info.error:
        return ListRow(
            info.path.name,
            "Cannot be read: damaged, or saved by another version. Delete removes it.",
            enabled=False,
            data=info,
            warn=True,
        )
    cls = GAMES.get(info.game)
    title = (getattr(cls, "title", "") or info.game) if cls else info.game
    listed_absent = info.summary.get("absent")
    absent: list = listed_absent if isinstance(listed_absent, list) else []
    seats = [seat for seat in range(len(info.players)) if seat not in absent]  # a ghost's seat is no player's
    bots = [seat for seat in seats if seat in info.bots]

    def named(seat: int, bot: bool) -> str:
        """The name, with the seat's part where it has one, and whether a bot plays it."""
        part = seat_role(info.game, seat)
        # a bot the LAN host named "Bot 3" is not "Bot 3 (bot)"
        said = bot and not info.players[seat].startswith("Bot ")
        tags = ([part] if part else []) + (["bot"] if said else [])
        return info.players[seat] + (f" ({', '.join(tags)})" if tags else "")

    if len(bots) > 3:  # "Host and 11 bots": twelve names ran off the row
        people = [named(seat, False) for seat in seats if seat not in info.bots]
        players = listed([*people, f"{len(bots)} bots"])
    else:
        players = ", ".join(named(seat, seat in info.bots) for seat in seats)
    facts: list[str] = []
    if info.kind == "host":
        facts.append("hosted LAN game, hosted again on Resume")
    summary = info.summary
    # a game names its rounds and phases in its own words (Testimony's rounds are the games
    # of its match; a Malleus story has a beginning, then rounds): ``summary_words`` of the
    # match class or of the table, {"round": noun, phase: words} or with the phases apart
    # under "phases"; a phase worded "" is not said (a story's phase "round")
    words = _summary_words(info.game, cls)
    phases = words.get("phases") if isinstance(words.get("phases"), dict) else words
    phase = summary.get("phase") if isinstance(summary.get("phase"), str) else ""
    phase_words = str(phases.get(phase, phase.replace("_", " "))) if phase else ""
    if isinstance(summary.get("round"), int) and summary["round"] >= 1:  # round 0: not begun
        facts.append(f"{words.get('round', 'round')} {summary['round']}")
    if phase_words:
        facts.append(phase_words[:1].upper() + phase_words[1:])
    turn = whose_turn(summary.get("to_act") or []) if isinstance(summary.get("to_act"), list) else ""
    if turn:
        facts.append(turn)
    if not summary:  # a save from before the summary was kept
        facts.append(f"move {info.state_id}")
    facts.append(saved_when(info.saved_at, now))
    line = " · ".join(facts)
    return ListRow(f"{title}: {players}", line[:1].upper() + line[1:], data=info)


class ContinueScene(MenuBase):
    title = "Continue"
    subtitle = "Every move is saved: pick a game to go on with"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saves: list[SaveInfo] = []
        self.selected = 0

    def enter(self) -> None:
        self.reload()
        super().enter()

    def reload(self) -> None:
        try:
            self.saves = list_saves()
        except OSError as exc:
            log.warning("cannot list saves: %s", exc)
            self.saves = []

    def _current(self) -> SaveInfo | None:
        if 0 <= self.selected < len(self.saves):
            return self.saves[self.selected]
        return None

    def build(self, w: int, h: int) -> list[Widget]:
        lw = min(w - 80, self.px(860))
        top = self.px(150)
        bh = self.px(56)
        lh = h - top - bh - self.px(80)
        rows = [describe(i) for i in self.saves]
        self.list = ListBox(
            (w // 2 - lw // 2, top, lw, lh),
            rows,
            row_height=self.px(64),
            font_size=self.px(22),
            on_select=self.select,
            on_activate=lambda _i: self.resume_selected(),
            empty_text="No unfinished games.",
            name="saves",
        )
        if rows:
            self.selected = min(self.selected, len(rows) - 1)
            self.list.selected = self.selected
            self.list.scroll = max(0, self.selected - self.list.visible_rows + 1)
        cur = self._current()
        usable = cur is not None and cur.error is None
        bw = self.px(200)
        by = h - bh - self.px(30)
        gap = self.px(16)
        x = w // 2 - (3 * bw + 2 * gap) // 2
        self.resume_button = Button(
            (x + 2 * (bw + gap), by, bw, bh),
            "Resume",
            self.resume_selected,
            style="primary",
            enabled=usable,
            font_size=self.px(24),
            name="resume",
        )
        self.delete_button = Button(
            (x + bw + gap, by, bw, bh),
            "Delete",
            self.delete_selected,
            style="danger",
            enabled=cur is not None,
            font_size=self.px(24),
            name="delete",
        )
        back = Button((x, by, bw, bh), "Back", self.back, font_size=self.px(24), name="back")
        return [self.list, self.resume_button, self.delete_button, back]

    def select(self, index: int) -> None:
        self.selected = index
        cur = self._current()
        usable = cur is not None and cur.error is None
        self.resume_button.enabled = usable
        self.delete_button.enabled = cur is not None  # a damaged save may be deleted too
        self.dirty = True

    def resume_selected(self) -> None:
        info = self._current()
        if info is None or info.error:
            return
        if info.game not in load_tables():
            self.say("This game cannot be shown on the desktop yet.", "error")
            return
        if info.kind == "host":  # a LAN game hosted here: host it again, the players rejoin
            try:
                self.app.scenes.replace("resumed_lobby", path=info.path)
            except SaveError as exc:
                self.say(str(exc), "error")
            return
        try:
            session = HotseatSession.resume(self.app, info.path)
        except SaveError as exc:
            self.say(str(exc), "error")
            self.reload()
            self.rebuild()
            return
        open_table(self.app, session, base="menu")

    def delete_selected(self) -> None:
        info = self._current()
        if info is None:
            return
        question = (
            f"Delete the damaged file {info.path.name}? It cannot be undone."
            if info.error
            else f"Delete the saved game of {', '.join(info.players)}? It cannot be undone."
        )

        def really() -> None:
            try:
                info.path.unlink()
            except OSError as exc:
                self.say(f"Cannot delete: {exc.strerror or exc}", "error")
            self.reload()
            self.selected = max(0, min(self.selected, len(self.saves) - 1))
            self.rebuild()

        self.app.scenes.push("confirm", question=question, on_yes=really, yes="Delete", no="Keep it")

    def draw_extra(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_text(
            surface,
            "Up / Down to choose, Enter to resume, Esc to go back",
            (w // 2, h - self.px(92)),
            self.px(16),
            colour("text_dim"),
            anchor="midbottom",
        )


register_scene("continue", ContinueScene)
