"""The end-of-round report (docs/rules/malleus.md §3.11): executions, each player's personal gain this
round (public: §6 R33) and, for the seat on screen, its own arithmetic (vendetta baseline →
standing, lost, floor ÷ 3; +3 executed target; +6 executed envy holder). It appears when
the round's rewards arrive and closes with OK, Enter or Esc.
"""

from __future__ import annotations

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.input import InputEvent
from game.ui.scenes.table_base import panel, text


class RoundsPanel:
    """The Malleus table's end-of-round report, owned by the table (the open report is its own)."""

    def __init__(self, table) -> None:
        self.table = table
        self.round_report: dict | None = None
        self._laid: tuple | None = None  # (report, (size, width), its wrapped lines)

    def collect_round_report(self, recent: list[dict]) -> None:
        rewards = [e for e in recent if e.get("type") == "reward"]
        if not rewards:
            return
        n = self.table.names()
        executed = [n.villager(e.get("villager")) for e in recent if e.get("type") == "executed"]
        over = next((e for e in recent if e.get("type") == "phase_over"), {})
        lines: list[tuple[str, tuple, bool]] = []
        lines.append(("Executed: " + (", ".join(executed) if executed else "nobody") + ".", theme.PARCHMENT, True))
        for e in rewards:
            lines.append(
                (
                    f"{n.seat(e['player'])}: +{e['gain']} personal gain (now {e['personal_gain']} of 18)",
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
            winners = ", ".join(n.seat(s) for s in ended.get("winners") or [])
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

    def draw_round_report(self, surface: pygame.Surface) -> None:
        rep = self.round_report
        if rep is None:
            return
        m = self.table.village.map_rect()
        size = max(12, self.table.px(20))
        font = get_font(size)
        width = min(m.w - self.table.px(60), self.table.px(900))
        laid = self._laid
        if laid is None or laid[0] is not rep or laid[1] != (size, width):
            laid = self._laid = (
                rep,
                (size, width),
                [
                    (wrap_text(words, get_font(size, bold=bold), width - self.table.px(48)), colour, bold)
                    for words, colour, bold in rep["lines"]
                ],
            )  # wrapped once per report and size
        wrapped = laid[2]
        height = self.table.px(120) + sum(len(w) for w, _c, _b in wrapped) * font.get_linesize()
        box = pygame.Rect(0, 0, width, min(height, m.h - self.table.px(20)))
        box.center = m.center
        surface.blit(self.table.shade_surface(surface.get_size(), 110), (0, 0))
        panel(surface, box, alpha=250, edge=theme.HIGHLIGHT)
        title = f"The end of round {rep['round']}"
        t = text(title, max(14, self.table.px(30)), theme.HIGHLIGHT, bold=True, title=True)
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
        hint = text("Click or press Enter to go on", max(11, self.table.px(16)), theme.TEXT_MUTED)
        surface.blit(hint, hint.get_rect(bottomright=(box.right - self.table.px(16), box.bottom - self.table.px(10))))
