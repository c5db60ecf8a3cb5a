"""Who the hot-seat screen shows (DESIGN D3): one small state machine over plain data.

The rule (DESIGN D3): a seat's private view is on screen only while that seat has
something to do, or while it reads something it asked to see. As soon as the table
waits for anyone else — a bot or another person — the screen shows the public table.
Hiding needs no curtain; showing another private view always goes through it. Only a
table with exactly one person keeps that person's view up (nobody else looks).

:class:`ScreenPolicy` knows nothing of pygame, scenes or matches. The session tells it
what happened (the events below) and, after each change, what the table waits for now
(a :class:`Table` of public facts); the session then draws ``view(screen_seat)`` and
puts the curtain scene up or down to match ``curtain_seat``.

States (``screen_seat`` is the seat whose private view may be drawn)::

    PUBLIC          screen_seat None   the public table (with the banner when people may act)
    CURTAIN(s)      screen_seat None   "Pass to s": opaque, names s only
    PRIVATE(s)      screen_seat s      s's own view; s has something to do (or asked)
    HOLD(s)         screen_seat s      s reads what its own move showed it (cards drawn,
                                       a private reveal) until a click, or a time for cards
    MOMENT(events)  screen_seat None   a climax everyone reads together (a verdict)

Events and transitions. ``waiting`` = the human seats the table waits for now, plus the
seat that asked for its screen (``ask``); "shown" = the seat of PRIVATE/HOLD/CURTAIN::

    state           event                                  next state
    --------------  -------------------------------------  ------------------------------
    HOLD, MOMENT    decide                                 unchanged (until released)
    any other       decide, one person at the table         PRIVATE(that person)
    any other       decide, nobody at the table             PUBLIC (a spectator)
    PRIVATE/PUBLIC/ decide, moments queued and the screen  MOMENT(queued events)
      CURTAIN         would leave the seat shown for a
                      curtain or the banner (or the game
                      deals anew after its moments)
    any other       decide, game over / a shared decision  PUBLIC
    any other       decide, a blind window asks seat b      CURTAIN(b), unless b is shown
                                                             or its curtain is down already
    any other       decide, the seat shown (or behind the  unchanged
                      curtain) is in waiting
    any other       decide, an answer window open, or       PUBLIC (the banner asks who
                      several seats in waiting                sits down next)
    any other       decide, exactly one seat w waiting      CURTAIN(w)
    any other       decide, nobody waiting (bots only)      PUBLIC (bots move in public)
    PUBLIC          request(s), s in waiting               CURTAIN(s)  (a banner button)
    PUBLIC          ask(s), two people or more             CURTAIN(s), s remembered as asking
    CURTAIN(s)      lifted(s)                              PRIVATE(s)
    PRIVATE(s)      done_reading                           PUBLIC, then decide
    PRIVATE(s)      hold_cards(s, cards, t)                HOLD(s), ends by itself after t
    PRIVATE/HOLD(s) reveal(s, events)                      HOLD(s), ends only by a click
    HOLD(s)         count_down(dt) reaches t               (the session calls release_hold)
    HOLD(s)         release_hold                           PRIVATE(s), then decide
    MOMENT          release_moment                         PUBLIC, then decide
    HOLD(s)/MOMENT/ close                                  PRIVATE(s) / PUBLIC / PUBLIC
      CURTAIN

Any event not in the table leaves the state as it is (a banner button while a private
view is up, a curtain lifted for a seat it does not name, a hold for a seat not shown).
``moments(events)`` only queues public-moment events (with two people or more); the next
``decide`` shows them. Every way from PUBLIC or a MOMENT to a private view passes CURTAIN,
so after anything public was on the screen the next private view comes through the
curtain, even for the seat shown last (D3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

INF = float("inf")


class Screen(str, Enum):
    PUBLIC = "public"
    CURTAIN = "curtain"
    PRIVATE = "private"
    HOLD = "hold"
    MOMENT = "moment"


@dataclass(frozen=True)
class Table:
    """What the table waits for now, in public facts (told to :meth:`ScreenPolicy.decide`).

    * ``waiting``: the human seats that must act now (in the order the game asks them);
    * ``window``: an answer window is open and a person may still answer in it (now or
      later in its order), so the banner asks who answers;
    * ``blind_next``: the person a blind window (every seat answers in turn, whatever
      its role: Salem's Dawn, Night …) asks next, or None;
    * ``over``: the game has ended; ``shared``: a decision the whole table watches is
      taken on the shared screen (nothing private is shown for it)."""

    waiting: tuple[int, ...] = ()
    window: bool = False
    blind_next: int | None = None
    over: bool = False
    shared: bool = False


@dataclass
class Hold:
    """A seat's own view held on screen: the cards it drew and what its move revealed
    to it alone, until a click/key or ``left`` seconds (inf: only a click or key)."""

    seat: int
    cards: list[str]
    left: float
    reveals: list[dict] = field(default_factory=list)


class ScreenPolicy:
    """See the module docstring. ``humans``: the seats people play (fixed for a session);
    ``deal_after_moment``: the game deals every seat anew after its public moments
    (Testimony's next game), so a moment takes the screen even when the seat shown would
    play on."""

    def __init__(self, humans: Sequence[int], *, deal_after_moment: bool = False) -> None:
        self.humans = tuple(humans)
        self.deal_after_moment = deal_after_moment
        self.state = Screen.PUBLIC
        #: the seat of CURTAIN / PRIVATE / HOLD (None in PUBLIC and MOMENT)
        self.seat: int | None = None
        self.hold: Hold | None = None  # set exactly in HOLD
        self.moment: list[dict] | None = None  # set exactly in MOMENT
        #: public-moment events noted since the last decide
        self.queued: list[dict] = []
        #: the seat that asked for its private screen out of turn (until done_reading)
        self.asked: int | None = None
        if len(self.humans) == 1:
            self._go(Screen.PRIVATE, self.humans[0])

    # ----------------------------------------------------------- what is on screen --
    @property
    def screen_seat(self) -> int | None:
        """The seat whose private view may be drawn now (None: the public table)."""
        return self.seat if self.state in (Screen.PRIVATE, Screen.HOLD) else None

    @property
    def curtain_seat(self) -> int | None:
        return self.seat if self.state is Screen.CURTAIN else None

    @property
    def reading(self) -> bool:
        """The seat that asked for its screen reads it now (the table waits for it)."""
        return self.asked is not None and self.screen_seat == self.asked

    def snapshot(self) -> tuple:
        """Everything a redraw depends on (compare two to see whether anything changed)."""
        return (self.state, self.seat, self.hold is not None, self.moment is not None)

    # ---------------------------------------------------------------------- events --
    def decide(self, table: Table) -> None:
        """After any change: who the screen shows now (see the state table)."""
        if self.state in (Screen.HOLD, Screen.MOMENT):
            return  # the held seat / the moment keeps the screen until released
        if self.queued:
            moment, self.queued = self.queued, []
            if len(self.humans) > 1 and not table.over and (self.deal_after_moment or self._leaves(table)):
                self.moment = moment
                self._go(Screen.MOMENT)
                return
        if len(self.humans) <= 1:
            if self.humans:
                self._go(Screen.PRIVATE, self.humans[0])
            else:
                self._go(Screen.PUBLIC)
            return
        if table.over or table.shared:
            self._go(Screen.PUBLIC)
            return
        if table.blind_next is not None:
            if self.seat != table.blind_next:  # b shown, or its curtain down: stays
                self._go(Screen.CURTAIN, table.blind_next)
            return
        waiting = self._waiting(table)
        if self.seat in waiting:
            return  # a seat with something to do keeps its view (or its curtain)
        if table.window or len(waiting) > 1:
            self._go(Screen.PUBLIC)
        elif waiting:
            self._go(Screen.CURTAIN, waiting[0])
        else:
            self._go(Screen.PUBLIC)

    def request(self, seat: int, table: Table) -> bool:
        """A seat's button on the public banner: the curtain for it. False when refused."""
        if self.state is not Screen.PUBLIC or seat not in table.waiting:
            return False
        self._go(Screen.CURTAIN, seat)
        return True

    def ask(self, seat: int) -> bool:
        """A person asks for their private screen out of turn (a card "any time", a
        look at the ledger): the curtain for them. False unless the public table is up."""
        if self.state is not Screen.PUBLIC or seat not in self.humans or len(self.humans) <= 1:
            return False
        self.asked = seat
        self._go(Screen.CURTAIN, seat)
        return True

    def done_reading(self, table: Table) -> None:
        """The person who asked closes their private screen: the public table, then decide."""
        self.asked = None
        if len(self.humans) > 1 and self.state is Screen.PRIVATE:
            self._go(Screen.PUBLIC)
        self.decide(table)

    def lifted(self, seat: int) -> None:
        """The person named on the curtain clicked it away: their own view."""
        if self.state is Screen.CURTAIN and self.seat == seat:
            self._go(Screen.PRIVATE, seat)

    def hold_cards(self, seat: int, cards: list[str], seconds: float) -> None:
        """``seat``'s own move drew ``cards`` and handed the play on: keep its view for
        ``seconds`` (or until a click) so the cards are seen."""
        if cards and seconds > 0 and self.screen_seat == seat:
            self.hold = Hold(seat, list(cards), seconds)
            self._go(Screen.HOLD, seat)

    def reveal(self, seat: int, events: list[dict]) -> None:
        """``seat``'s own move showed it ``events`` that stay nowhere on the table: keep
        its view until a click (cards it drew stay lit)."""
        if not events or self.screen_seat != seat:
            return
        if self.hold is not None:
            self.hold.reveals, self.hold.left = list(events), INF
        else:
            self.hold = Hold(seat, [], INF, list(events))
        self._go(Screen.HOLD, seat)

    def count_down(self, dt: float) -> bool:
        """Time passes for a timed hold; True when it has run out (the caller releases it)."""
        if self.hold is None:
            return False
        self.hold.left -= dt
        return self.hold.left <= 0

    def release_hold(self, table: Table) -> bool:
        """The held seat has seen it (a click or key, or the time ran out). False when
        nothing was held."""
        if self.state is not Screen.HOLD:
            return False
        self._go(Screen.PRIVATE, self.seat)
        self.decide(table)
        return True

    def moments(self, events: list[dict]) -> None:
        """Public-moment events happened (shown at the next :meth:`decide`)."""
        if len(self.humans) > 1:
            self.queued.extend(events)

    def release_moment(self, table: Table) -> bool:
        """Everyone has seen the moment (a click or key). False when none was shown."""
        if self.state is not Screen.MOMENT:
            return False
        self._go(Screen.PUBLIC)
        self.decide(table)
        return True

    def close(self) -> None:
        """The table closes: no hold, moment or curtain survives it."""
        self.queued = []
        if self.state is Screen.HOLD:
            self._go(Screen.PRIVATE, self.seat)
        elif self.state in (Screen.MOMENT, Screen.CURTAIN):
            self._go(Screen.PUBLIC)

    def show(self, seat: int | None) -> None:
        """Put ``seat``'s view (None: the public table) on screen as it is, no curtain:
        only for a table being set up (tests, screenshots), never in play."""
        if seat is None:
            self._go(Screen.PUBLIC)
        else:
            self._go(Screen.PRIVATE, seat)

    def lower(self, seat: int) -> None:
        """The curtain for ``seat`` whatever is on screen (a setup and test hook)."""
        self._go(Screen.CURTAIN, seat)

    # ------------------------------------------------------------------- internals --
    def _waiting(self, table: Table) -> tuple[int, ...]:
        if self.asked is not None and self.asked not in table.waiting:
            return table.waiting + (self.asked,)
        return table.waiting

    def _leaves(self, table: Table) -> bool:
        """Whether the screen is about to leave the seat shown now (for a curtain or the
        banner); bots alone taking over does not count (the public table shows them)."""
        seat = self.screen_seat
        if seat is None:
            return False
        if table.blind_next is not None:
            return table.blind_next != seat
        waiting = self._waiting(table)
        return seat not in waiting and (table.window or bool(waiting))

    def _go(self, state: Screen, seat: int | None = None) -> None:
        self.state = state
        self.seat = seat if state in (Screen.CURTAIN, Screen.PRIVATE, Screen.HOLD) else None
        if state is not Screen.HOLD:
            self.hold = None
        if state is not Screen.MOMENT:
            self.moment = None
