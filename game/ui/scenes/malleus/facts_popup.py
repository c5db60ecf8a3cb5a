"""The facts pop-up of the Malleus village map: click a plate and its villager's facts open
beside it, each row a fact that may be dragged onto a side of the conflict to cite it
(docs/rules/malleus.md §3.4); and the card a hovered plate zooms to (its standing, who
plays it, its facts and its views).
"""

from __future__ import annotations

import pygame

from game.ui.fonts import get_font, wrap_text
from game.ui.scenes.malleus.common import INK, INK_SOFT, PLATE_EDGE
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import text


class FactsPopup(Panel):
    """The facts pop-up, owned by the table and drawn above the map: the villager open
    (``vid``, None: closed), where it was drawn (``box``) and its fact rows (``rows``:
    fact id and rect, where a drag starts)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.vid: str | None = None
        self.box: pygame.Rect | None = None
        self.rows: list[tuple[str, pygame.Rect]] = []

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.vid is not None and self.box is not None and self.box.collidepoint(pos)

    def row_at(self, pos: tuple[int, int]) -> str | None:
        """The fact whose row of the open pop-up lies under ``pos``."""
        if self.vid is None:
            return None
        return next((fid for fid, row in self.rows if row.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface) -> None:
        """The open villager's facts beside its plate; each row may be dragged onto a side."""
        vid = self.vid
        if vid is None:
            return
        plates = self.table.village.plate_rects()
        r = plates.get(vid)
        v = next((x for x in self.table.view.get("villagers") or [] if x["id"] == vid), None)
        if r is None or v is None:
            return
        facts = self.table.view.get("facts") or {}
        rows = [(fid, facts[fid]["text"]) for fid in v.get("facts") or [] if fid in facts]
        size = max(12, self.table.px(18))
        font = get_font(size)
        width = max(
            self.table.px(360),
            min(self.table.px(560), max([font.size(t)[0] for _, t in rows] + [0]) + self.table.px(40)),
        )
        wrapped = [(fid, wrap_text(t, font, width - self.table.px(28))) for fid, t in rows]
        line = font.get_linesize()
        height = (
            self.table.px(40)
            + sum(len(lines) * line + self.table.px(8) for _, lines in wrapped)
            + (line if not rows else 0)
        )
        box = pygame.Rect(r.right + self.table.px(10), r.y, width, height)
        screen = self.table.village.map_rect()
        if box.right > screen.right:
            box.right = r.x - self.table.px(10)
        box.clamp_ip(pygame.Rect(0, 0, *self.table.size))
        pygame.draw.rect(surface, (246, 236, 212), box, border_radius=self.table.px(10))
        pygame.draw.rect(surface, PLATE_EDGE, box, max(2, self.table.px(3)), border_radius=self.table.px(10))
        head = text(f"{v['name']} — standing {v['standing']}", size, INK, bold=True)
        surface.blit(head, (box.x + self.table.px(12), box.y + self.table.px(8)))
        self.rows = []
        y = box.y + self.table.px(14) + head.get_height()
        if not rows:
            surface.blit(text("No facts yet.", size, INK_SOFT), (box.x + self.table.px(12), y))
        for fid, lines in wrapped:
            row = pygame.Rect(
                box.x + self.table.px(6),
                y - self.table.px(3),
                box.w - self.table.px(12),
                len(lines) * line + self.table.px(6),
            )
            if row.collidepoint(self.table.pointer):
                pygame.draw.rect(surface, (232, 214, 170), row, border_radius=self.table.px(6))
            for i, part in enumerate(lines):
                surface.blit(text(("• " if i == 0 else "  ") + part, size, INK), (box.x + self.table.px(12), y))
                y += line
            y += self.table.px(8)
            self.rows.append((fid, row))
        self.box = box

    def villager_card(self, vid: str, width: int) -> pygame.Surface | None:
        """The zoom of a hovered plate: the villager's standing, who plays it, its facts
        and its views (None: the pop-up already shows it, or no such villager)."""
        t = self.table
        if vid == self.vid:
            return None
        v = next((x for x in t.view.get("villagers") or [] if x["id"] == vid), None)
        if v is None:
            return None
        facts = t.view.get("facts") or {}
        size = max(12, t.px(17))
        font = get_font(size)
        w = max(width, t.px(380))
        lines = [(f"{v['name']} — standing {v['standing']}", True)]
        owner = v.get("controlled_by")
        lines.append((("played by " + t.source.players[owner]) if owner is not None else "voiced by the Prévôt", False))
        for fid in v.get("facts") or []:
            if fid in facts:
                for i, part in enumerate(wrap_text(facts[fid]["text"], font, w - t.px(30))):
                    lines.append((("• " if i == 0 else "  ") + part, False))
        n = t.names()
        for r in t.view.get("relationships") or []:
            if r["from"] == v["id"] or (r.get("mutual") and r["to"] == v["id"]):
                other = r["to"] if r["from"] == v["id"] else r["from"]
                lines.append((f"→ sees {n.villager(other)} as {r['kind']}", False))
        h = t.px(20) + len(lines) * font.get_linesize()
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(img, (246, 236, 212), img.get_rect(), border_radius=t.px(10))
        pygame.draw.rect(img, PLATE_EDGE, img.get_rect(), max(2, t.px(3)), border_radius=t.px(10))
        y = t.px(10)
        for words, bold in lines:
            img.blit(text(words, size, INK, bold=bold), (t.px(12), y))
            y += font.get_linesize()
        return img
