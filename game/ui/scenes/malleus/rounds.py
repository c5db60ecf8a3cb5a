"""The end-of-round report (docs/rules/malleus.md §3.11): executions, each player's personal gain this
round (public: §6 R33) and, for the seat on screen, its own arithmetic (vendetta baseline →
standing, lost, floor ÷ 3; +3 executed target; +6 executed envy holder). It appears when
the round's rewards arrive and closes with OK, Enter or Esc.

While the round's end is near (its secret action phase), the table draws ahead what any
report of this round will need (:meth:`RoundsPanel.prepare`): its title and hint, and the
translucent box of each height a report of this table's seats may take, so the frame the
report opens in draws only its own lines.
"""

from __future__ import annotations

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.input import InputEvent
from game.ui.scenes.table.common import translucent_fill
from game.ui.scenes.table_base import panel, text
from game.ui.wording import listed

#: the steps after which a round ends (the report is near): draw ahead for it
NEAR_THE_END = ("secret_phase", "phase_resolve")
#: report lines beyond one per player drawn ahead for: "Executed", the seat's own
#: arithmetic (a few lines) and a victory
MORE_LINES = 6


class RoundsPanel:
    """The Malleus table's end-of-round report, owned by the table (the open report is its own)."""

    def __init__(self, table) -> None:
        self.table = table
        self.round_report: dict | None = None
        self._laid: tuple | None = None  # (report, (size, width), its wrapped lines)
        self._prepared: tuple | None = None  # what prepare() draws ahead for, and its drawings left

    def collect_round_report(self, recent: list[dict]) -> None:
        rewards = [e for e in recent if e.get("type") == "reward"]
        if not rewards:
            return
        n = self.table.names()
        executed = [n.villager(e.get("villager")) for e in recent if e.get("type") == "executed"]
        over = next((e for e in recent if e.get("type") == "phase_over"), {})
        lines: list[tuple[str, tuple, bool]] = []
        lines.append(("Executed: " + (listed(executed) or "nobody") + ".", theme.PARCHMENT, True))
        for e in rewards:
            lines.append(
                (
                    f"{n.seat_first(e['player'])}: +{e['gain']} personal gain (now {e['personal_gain']} of 18)",
                    theme.HIGHLIGHT if e["gain"] else theme.TEXT_LIGHT,
                    True,
                )
            )
            for line in e.get("lines") or []:  # only in one's own (and the Prévôt's) copy
                why = line["why"]
                if why == "vendetta_loss":
                    lines.append(
                        (
                            f"   vendetta on {n.villager(line['villager'])}: {line['baseline']} at the start, "
                            f"{line['standing']} now — {line['lost']} lost ÷ 3 → +{line['gain']}",
                            theme.TEXT_LIGHT,
                            False,
                        )
                    )
                elif why == "vendetta_executed":
                    lines.append(
                        (
                            f"   {n.villager(line['villager'])}, your vendetta's target, was executed: +3",
                            theme.TEXT_LIGHT,
                            False,
                        )
                    )
                elif why == "envy_executed":
                    lines.append(
                        (
                            f"   {n.villager(line['villager'])}, whose things you envied, was executed: +6",
                            theme.TEXT_LIGHT,
                            False,
                        )
                    )
                elif why == "companion_executed":
                    lines.append(
                        (
                            f"   your companion {n.villager(line['villager'])} was executed: choose another",
                            theme.TEXT_MUTED,
                            False,
                        )
                    )
        ended = next((e for e in recent if e.get("type") == "game_over"), None)
        if ended:
            winners = listed([n.seat(s) for s in ended.get("winners") or []])
            lines.append((f"Someone reached 18: victory for {winners}.", theme.HIGHLIGHT, True))
        self.round_report = {"round": over.get("round") or (self.table.view.get("round") or 1) - 1, "lines": lines}
        self.table.dirty = True

    def report_handle(self, event: InputEvent) -> bool:
        if event.kind == uinput.KEY and not event.is_action(uinput.CONFIRM, uinput.ACTIVATE, uinput.CANCEL):
            return False  # Enter, Space or Esc close the report; any other key is the table's
        if event.is_left_press or event.kind == uinput.KEY:
            self.round_report = None
            self.table.dirty = True
            return True
        return False

    def text_size(self) -> int:
        return max(12, self.table.px(20))

    def box(self, lines: int) -> pygame.Rect:
        """The report's box for ``lines`` lines of text, in the middle of the map."""
        m = self.table.village.map_rect()
        width = min(m.w - self.table.px(60), self.table.px(900))
        height = self.table.px(120) + lines * get_font(self.text_size()).get_linesize()
        box = pygame.Rect(0, 0, width, min(height, m.h - self.table.px(20)))
        box.center = m.center
        return box

    def wrap(self, words: str, bold: bool, width: int) -> list[str]:
        """``wrap_text`` of one report line; a line that fits whole is measured once
        (wrap_text would try halves of it first: the same one line)."""
        font = get_font(self.text_size(), bold=bold)
        flat = " ".join(words.split())
        if flat and "\n" not in words and font.size(flat)[0] <= width:
            return [flat]
        return wrap_text(words, font, width)

    def title(self, round_no) -> tuple[str, pygame.Surface]:
        words = f"The end of round {round_no}"
        return words, text(words, max(14, self.table.px(30)), theme.HIGHLIGHT, bold=True, title=True)

    def hint(self) -> pygame.Surface:
        return text("Click or press Enter to go on", max(11, self.table.px(16)), theme.TEXT_MUTED)

    def prepare(self) -> bool:
        """Draw ahead for the report of the round now ending (see the module docstring):
        one step per call, False when there is nothing (more) to do. Only caches fill."""
        view = self.table.view
        if view.get("phase") != "round" or view.get("step") not in NEAR_THE_END:
            return False
        players = len(view.get("players") or [])
        key = (self.table.size, view.get("round"), players)
        if self._prepared is None or self._prepared[0] != key:
            self._prepared = (key, self.drawings(view.get("round"), players))
        return next(self._prepared[1], None) is not None

    def drawings(self, round_no, players: int):
        """What a report of round ``round_no`` at a table of ``players`` will draw, one
        drawing per step."""
        yield self.title(round_no)
        yield self.hint()
        for lines in range(1 + players, 2 + players + MORE_LINES):
            yield translucent_fill(self.box(lines).size, theme.PANEL, 250, 8)  # panel()'s box, as drawn

    def draw_round_report(self, surface: pygame.Surface) -> None:
        rep = self.round_report
        if rep is None:
            return
        size = self.text_size()
        font = get_font(size)
        width = self.box(0).w
        laid = self._laid
        if laid is None or laid[0] is not rep or laid[1] != (size, width):
            laid = self._laid = (
                rep,
                (size, width),
                [
                    (self.wrap(words, bold, width - self.table.px(48)), colour, bold)
                    for words, colour, bold in rep["lines"]
                ],
            )  # wrapped once per report and size
        wrapped = laid[2]
        box = self.box(sum(len(w) for w, _c, _b in wrapped))
        surface.blit(self.table.shade_surface(surface.get_size(), 110), (0, 0))
        panel(surface, box, alpha=250, edge=theme.HIGHLIGHT)
        title, t = self.title(rep["round"])
        at = surface.blit(t, (box.x + self.table.px(24), box.y + self.table.px(16)))
        self.table.note_text("report", title, title, [at], box)
        y = at.bottom + self.table.px(12)
        for lines, colour, bold in wrapped:
            drawn = []
            for line in lines:
                if y + font.get_linesize() > box.bottom - self.table.px(40):
                    break
                drawn.append(surface.blit(text(line, size, colour, bold=bold), (box.x + self.table.px(24), y)))
                y += font.get_linesize()
            if drawn:
                self.table.note_text("report line", " ".join(lines), " ".join(lines), drawn, box)
        hint = self.hint()
        surface.blit(hint, hint.get_rect(bottomright=(box.right - self.table.px(16), box.bottom - self.table.px(10))))
