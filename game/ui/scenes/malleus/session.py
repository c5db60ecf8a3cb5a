"""Hot-seat for the story game (Malleus Maleficarum; DESIGN D3).

A story game is played around one public table: people talk, the Prévôt keeps the
books, and most moves — building the village, framing a scene, taking a side, citing a
fact, rolling — are public. Only some input is private: a player's ledger, companion,
declaration, secret action, discard or card play, and the Prévôt's judging of a claimed
secret and his queue of secret actions. So :class:`StorySession` keeps the screen
*public* (``screen_seat`` None: the table draws the spectator's view) and lowers the
curtain only for private input:

* ``private_seats()``: the human seats whose private input the table waits for now
  (from the public view: the step and ``to_act``). One of them: the curtain for that
  seat. Several (ledgers, companions, secret actions): the public banner offers a button
  per seat, each lowering the curtain for its seat.
* When the private input is done (or the seat is no longer awaited), the screen goes
  public again at once — hiding is always allowed; showing goes through the curtain,
  every time (D3).
* ``request_private(seat)``: a player asks for his private screen out of turn (to play a
  card "any time" or read his ledger; the Prévôt to read his screen): the curtain
  for that seat; ``release()`` returns to the public table. While he reads it the table
  waits for him: the bots do not move (a private view stays up only while nobody else
  plays, DESIGN D3).
* ``submit_as(seat, command)``: a *public* move made at the shared screen for ``seat``
  (only the moves in :data:`PUBLIC_MOVES`, only while nothing private is on screen, only
  for a human seat). ``public_legal(seat)`` lists them for the table's controls.

With one human seat (the Prévôt against bot players) nothing is hidden from anyone, so
that seat stays on screen, as in every hot-seat game.
"""

from __future__ import annotations

from typing import Any

from game.ui.hotseat.screen_policy import Screen, Table
from game.ui.scenes.malleus.chronicle import chronicle_markdown, write_chronicle
from game.ui.session import HotseatSession

#: moves made in public, at the shared screen, for any human seat
PUBLIC_MOVES = frozenset(
    {
        "set_trigger",
        "add_villager",
        "add_fact_relation",
        "pass",
        "choose_villager",
        "frame_scene",
        "join_scene",
        "set_present",
        "take_side",
        "cite_fact",
        "approve_fact",
        "reject_fact",
        "assign_side",
        "begin_resolution",
        "roll",
        "lock_sides",
        "close_window",
        "narrate",
        "end_turn",
        "record_fact",
    }
)
#: steps of a round in which the seats the table waits for give private input
PRIVATE_STEPS = frozenset({"declare", "confirm", "discard", "secret_step", "secret_phase", "phase_resolve"})
PRIVATE_PHASES = frozenset({"ledgers", "companions"})


class StorySession(HotseatSession):
    """See the module docstring. The screen policy is the hot-seat one
    (:class:`~game.ui.hotseat.screen_policy.ScreenPolicy`); what differs is what the table
    waits for: only the private input of :meth:`private_seats`."""

    @property
    def asked(self) -> int | None:
        """A seat that asked for its private screen out of turn (until ``release``)."""
        return self.screen.asked

    # ------------------------------------------------------------------ who is shown --
    def private_seats(self) -> list[int]:
        """Human seats whose private input the table waits for now."""
        m = self.match
        if m.over:
            return []
        st = m.state
        private = st["phase"] in PRIVATE_PHASES or (st["phase"] == "round" and st["step"] in PRIVATE_STEPS)
        if not private:
            return []
        return [s for s in m.to_act() if self.is_human(s)]

    def _table(self) -> Table:
        """The story's table waits (for the screen) only for private input."""
        if len(self.humans) <= 1 or self.match.over:
            return super()._table()
        return Table(waiting=tuple(self.private_seats()))

    def _thinking_message(self) -> str:
        if self.holding or len(self.humans) <= 1 or self.match.over:
            return super()._thinking_message()
        bots_moving = [s for s in self.match.to_act() if s in self.bots]
        return f"{self.players[bots_moving[0]]} (bot) is thinking…" if bots_moving else ""

    def banner_seats(self) -> list[int]:
        """Seats the public banner offers: those whose private input is awaited, when
        there are several (one is asked through the curtain at once)."""
        if self.screen.state is not Screen.PUBLIC or self.match.over:
            return []
        private = self.private_seats()
        return private if len(private) > 1 else []

    def can_pass_all(self) -> bool:
        return False

    def request_private(self, seat: int) -> str | None:
        """A seat asks for its private screen out of turn; None when the curtain goes down."""
        if not self.is_human(seat):
            return f"{self.players[seat]} is played by a bot."
        if self.curtain_down or self.screen_seat is not None:
            return "Close the private screen first."
        if self.screen.ask(seat):
            self._show()
        return None

    def release(self) -> None:
        """The private screen is closed: back to the public table."""
        self.screen.done_reading(self._table())
        self._show()
        self.message = self._thinking_message()

    def reading_privately(self) -> bool:
        """A person reads the private screen they asked for: the table waits for them."""
        return self.screen.reading and not self.match.over

    def bots_held(self) -> bool:
        return self.reading_privately() or super().bots_held()

    def thinking_seat(self) -> int | None:
        return None if self.reading_privately() else super().thinking_seat()

    def _tick(self, dt: float) -> float | None:
        """Bots wait while a person reads the private screen they asked for (a private
        view stays up only while nobody else moves); otherwise as every table."""
        if self.reading_privately() and (self.table is None or self.table in self.app.scenes.stack):
            return None
        return super()._tick(dt)

    # ---------------------------------------------------------------- public moves --
    def public_legal(self, seat: int) -> list[dict]:
        """``seat``'s moves that are made in public (for the shared screen's controls)."""
        if not self.is_human(seat) or self.match.over:
            return []
        return [c for c in self.match.legal(seat) if c.get("type") in PUBLIC_MOVES]

    def submit_as(self, seat: int, command: dict) -> str | None:
        """A public move for ``seat`` made at the shared screen (see the module docstring)."""
        if seat == self.screen_seat:
            return self.submit(command)
        if self.curtain_down:
            return "Wait until the curtain is lifted."
        if self.screen_seat is not None and len(self.humans) > 1:
            return "Close the private screen first."
        if not (isinstance(seat, int) and 0 <= seat < self.match.n) or not self.is_human(seat):
            return "That seat is played by a bot."
        if not isinstance(command, dict) or command.get("type") not in PUBLIC_MOVES:
            return "That is done in private: ask for your screen first."
        return self._apply(seat, command)

    # ----------------------------------------------------------------- the end ----
    def game_over_actions(self) -> list[tuple[str, Any, str]]:
        """Extra buttons of the game-over screen: the chronicle."""
        return [("Export the story as a chronicle", self.export_chronicle, "chronicle")]

    def export_chronicle(self) -> str:
        """Write the public story as Markdown; returns the sentence to show."""
        m = self.match
        try:
            path = write_chronicle(chronicle_markdown(m.view(None), m.log(None), list(m.players)))
        except OSError as exc:
            return f"The chronicle could not be written: {exc.strerror or exc}"
        return f"Chronicle written: {path}"
