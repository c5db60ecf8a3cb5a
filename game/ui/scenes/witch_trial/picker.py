"""Short Memory's picker: the discard cards to take back, over the court."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.scenes import witch_trial_text as words
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import Pick, Target, blit_text, panel, text
from game.ui.scenes.witch_trial.common import CARD_RATIO


class Picker(Panel):
    """The Short Memory picker: the discard pile laid out over the court to click the card
    to take back (``picker_rects``, in ``picker_box``)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.picker_rects: dict[str, pygame.Rect] = {}
        self.picker_box: pygame.Rect | None = None

    def open_short_memory(self, card_id: str) -> bool:
        """Short Memory names a discard card: pick it in a small picker over the court."""
        table = self.table
        choices: list[str] = []
        kinds: set[str] = set()
        for c in table.legal_cmds:
            choice = c.get("choice")
            # two copies of a kind are the same card to take back: offer each kind once
            if c.get("type") == "play" and c.get("card") == card_id and choice and words.kind_of(choice) not in kinds:
                kinds.add(words.kind_of(choice))
                choices.append(choice)
        if not choices:
            # no choice on offer: let the engine say why (empty discard, not your play …)
            return table.send({"type": "play", "card": card_id}, card_id)

        def picked(t: Target, card=card_id) -> None:
            self.picker_rects = {}
            table.send({"type": "play", "card": card, "choice": t[1]}, card)

        def cancelled() -> None:
            self.picker_rects = {}
            table.snap_home()

        table.pick = Pick(
            "Short Memory: click the discard card to take back (Tab + Enter, Esc cancels)",
            [("pick", c) for c in choices],
            picked,
            cancelled,
        )
        self.layout_picker()
        table.message = table.pick.title
        table.snap_home()
        return True

    def layout_picker(self) -> None:
        table = self.table
        if table.pick is None:
            return
        cards = [t[1] for t in table.pick.targets]
        box = (
            pygame.Rect(table.rects["court"])
            .unionall([pygame.Rect(table.rects[k]) for k in ("dice", "deck", "court_fees")])
            .inflate(-4, -4)
        )
        head = max(22, box.h // 9)
        inner = pygame.Rect(box.x + 10, box.y + head + 6, box.w - 20, box.h - head - 12)
        n = max(1, len(cards))
        best = None
        for rows in range(1, n + 1):
            cols = -(-n // rows)
            cw = min((inner.w - 6 * (cols - 1)) / cols, (inner.h - 6 * (rows - 1)) / rows / CARD_RATIO)
            if best is None or cw > best[0]:
                best = (cw, rows, cols)
        cw, rows, cols = best
        cw = int(max(24, cw))
        ch = int(cw * CARD_RATIO)
        self.picker_box = box
        self.picker_rects = {}
        x0 = inner.centerx - (cols * (cw + 6) - 6) // 2
        for i, cid in enumerate(cards):
            r, c = divmod(i, cols)
            self.picker_rects[cid] = pygame.Rect(x0 + c * (cw + 6), inner.y + r * (ch + 6), cw, ch)

    def draw_pick(self, surface: pygame.Surface) -> None:
        """Only the card under the pointer (or the keyboard cursor) is framed: a frame
        round every one of dozens of discard cards would drown them."""
        table = self.table
        p = table.pick
        if p is None:
            return
        for i, target in enumerate(p.targets):
            r = table.target_rect(target)
            if r is not None and (i == p.cursor or r.collidepoint(table.pointer)):
                pygame.draw.rect(surface, theme.SELECT, r.inflate(6, 6), 4, border_radius=8)

    def draw_picker(self, surface: pygame.Surface) -> None:
        """The picker box with the discard cards on offer (over a dark veil)."""
        table = self.table
        if table.pick is not None and self.picker_rects:
            box = self.picker_box
            surface.blit(table.shade(surface.get_size(), 110), (0, 0))
            panel(surface, box, alpha=255, edge=theme.HIGHLIGHT)
            size = max(14, min(20, box.h // 14))
            title = "Short Memory: take which card back from the discard pile?"
            t = text(title, size, theme.PARCHMENT, bold=True)
            table.note_text("picker title", title, title, [blit_text(surface, t, (box.x + 12, box.y + 8))], box)
            for cid, r in self.picker_rects.items():
                surface.blit(table.art.face(table.game, cid, r.size), r.topleft)

    def pick_zoom_keys(self) -> list[tuple[str, Any]]:
        """The discard cards on offer may be zoomed while the picker is open."""
        table = self.table
        if table.pick is None:
            return []
        return [("card", t[1]) for t in table.pick.targets if t[0] == "pick"]
