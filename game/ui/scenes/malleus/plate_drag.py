"""A plate carried across the Malleus village map: an old plate being dragged (to move it,
or onto another plate: while building a fact and a relationship, on one's turn a
declaration against it — docs/rules/malleus.md §2, §3.2), and the new villager's plate
waiting to be dropped on the villager of its one relationship (a flow's mode, the table's
``pending_villager``). While carried, the plate follows the pointer with a shadow, the
plate under it is ringed and a hint says what letting go there means.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.scenes.malleus.common import INK
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import fit_text, text

#: pixels the pointer moves before a press on a plate becomes a drag (else a click)
DRAG_START = 6
NEW = "__new__"  # the plate being carried is the new villager's


class PlateDrag(Panel):
    """The plate being carried (see the module docstring), owned by the table: ``held``
    (None, or the villager id or ``NEW``, where the press started, the pointer's offset
    from the plate's centre and whether it moved yet). The table draws it above the log
    and the bars, and routes the press, the moves and the release to it."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.held: dict | None = None

    # ------------------------------------------------------------------ input ----
    def press(self, pos: tuple[int, int]) -> bool:
        """A press on the new plate or an old one picks it up (True: taken)."""
        t, village = self.table, self.table.village
        if t.pending_villager and self.ghost_rect().collidepoint(pos):
            self.held = {"vid": NEW, "start": pos, "offset": (0, 0), "moved": False}
            return True
        vid = village.plate_at(pos)
        if vid is None:
            return False
        r = village.plate_rects()[vid]
        self.held = {"vid": vid, "start": pos, "offset": (pos[0] - r.centerx, pos[1] - r.centery), "moved": False}
        return True

    def move(self, pos: tuple[int, int]) -> None:
        d = self.held
        if d is not None:
            if not d["moved"] and abs(pos[0] - d["start"][0]) + abs(pos[1] - d["start"][1]) > DRAG_START:
                d["moved"] = True
            self.table.dirty = True

    def release(self, pos: tuple[int, int]) -> bool:
        """Let go: on the villager of the new plate's relationship, a click on a plate,
        a drop on another plate (what it means now), or the plate put down where it is."""
        d, t = self.held, self.table
        if d is None:
            return False
        self.held = None
        t.dirty = True
        village = t.village
        if d["vid"] == NEW:
            under = village.plate_at(pos)
            if under is not None:
                t.flows.link_new_villager(under)
            return True
        if not d["moved"]:
            t.click_plate(d["vid"])
            return True
        under = self.plate_under(pos, d["vid"])
        if under is not None and self.drop(d["vid"], under):
            return True
        village.move_plate(d["vid"], (pos[0] - d["offset"][0], pos[1] - d["offset"][1]))
        return True

    def plate_under(self, pos: tuple[int, int], vid: str) -> str | None:
        """The plate under ``pos`` other than ``vid`` (the last drawn is on top)."""
        hit = None
        for other, r in self.table.village.plate_rects().items():
            if other != vid and r.collidepoint(pos):
                hit = other
        return hit

    def drop_hint(self, src: str, dst: str) -> str:
        """What letting ``src`` go on ``dst`` means now ("": it is just moved)."""
        t = self.table
        if t.view.get("phase") == "building" and t.actions.can("add_fact_relation"):
            return "a fact and a relationship"
        if t.actions.can("declare_conflict") and t.names().villager_of(t.me()) == src:
            return "declare against"
        return ""

    def drop(self, src: str, dst: str) -> bool:
        """A plate let go on another: what it means now (False: just move it)."""
        t = self.table
        if t.view.get("phase") == "building" and t.actions.can("add_fact_relation"):
            t.flows.link_existing(t.actions.can("add_fact_relation")[0], src, dst)
            return True
        if t.actions.can("declare_conflict") and t.names().villager_of(t.me()) == src:
            t.flows.prompt_declare(t.me(), target=dst)
            return True
        return False

    # ---------------------------------------------------------------- drawing ----
    def moving(self) -> bool:
        """An old plate is being dragged (it has left its place)."""
        return self.held is not None and bool(self.held.get("moved")) and self.held.get("vid") != NEW

    def ghost_held(self) -> bool:
        """The new villager's plate is being dragged (it follows the pointer)."""
        d = self.held
        return d is not None and d.get("vid") == NEW and bool(d.get("moved"))

    def ghost_rect(self) -> pygame.Rect:
        """Where the new villager's plate lies: at the map's lower left, or under the pointer."""
        t = self.table
        m = t.village.map_rect()
        w, h = t.village.plate_size()
        if self.ghost_held():
            r = pygame.Rect(0, 0, w, h)
            r.center = t.pointer
            return r
        return pygame.Rect(m.x + t.px(20), m.bottom - h - t.px(20), w, h)

    def draw_ghost(self, surface: pygame.Surface) -> None:
        """The new villager's plate, waiting or carried."""
        t = self.table
        r = self.ghost_rect()
        pygame.draw.rect(surface, (250, 240, 210), r, border_radius=r.h // 6)
        pygame.draw.rect(surface, theme.HIGHLIGHT, r, max(2, t.px(4)), border_radius=r.h // 6)
        size = max(12, t.px(22))
        name = fit_text(t.pending_villager["name"], size, r.w - t.px(16), bold=True)
        words = text(name, size, INK, bold=True)
        surface.blit(words, words.get_rect(center=r.center))
        hint = text("drag me onto a villager", max(11, t.px(16)), theme.HIGHLIGHT, bold=True)
        surface.blit(hint, hint.get_rect(midbottom=(r.centerx, r.y - t.px(4))))

    def draw(self, surface: pygame.Surface) -> None:
        """A dragged old plate under the pointer with its shadow, the plate under it
        ringed and what a drop there means."""
        t, village, d = self.table, self.table.village, self.held
        if d is None or not self.moving():
            return
        plates = village.plate_rects()
        r = plates.get(d["vid"])
        if r is None:
            return
        moved = r.copy()
        moved.center = (t.pointer[0] - d["offset"][0], t.pointer[1] - d["offset"][1])
        under = self.plate_under(t.pointer, d["vid"])
        if under is not None:
            ring = plates[under].inflate(t.px(14), t.px(14))
            pygame.draw.rect(surface, theme.SELECT, ring, max(2, t.px(5)), border_radius=t.px(12))
            hint = self.drop_hint(d["vid"], under)
            if hint:
                words = text(hint, max(12, t.px(18)), theme.INK, bold=True)
                box = words.get_rect(midbottom=(moved.centerx, moved.y - t.px(8))).inflate(t.px(14), t.px(6))
                pygame.draw.rect(surface, theme.SELECT, box, border_radius=box.h // 2)
                surface.blit(words, words.get_rect(center=box.center))
        v = next((x for x in t.view.get("villagers") or [] if x["id"] == d["vid"]), None)
        if v is not None:
            img = village.plate_image(v, r.size, village.plate_marks().get(v["id"], {}), {})
            shadow = pygame.Surface(r.size, pygame.SRCALPHA)
            shadow.fill((0, 0, 0, 90))
            surface.blit(shadow, moved.move(t.px(6), t.px(6)).topleft)
            surface.blit(img, moved.topleft)
