"""The shown seat's hand: its Character card, the two Belief cards (shown only in a
share) and its Testimony tokens, as sprites that can be dragged onto a seat plate.

:class:`HandPanel` is a panel the table owns (``table.hand``): it lays the hand out,
puts its sprites in the table's sprite group (``table.group``; the table's
``rebuild_sprites``) and draws their labels on the static table. It reads the table's
``view``, ``rects``, ``art``, ``my_seat``, ``me`` and the card picked (``selected``)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font
from game.ui.scenes import testimony_text as words
from game.ui.scenes.table_base import text
from game.ui.scenes.testimony.common import CARD_RATIO, belief_colour, draw_kept, felt_panel, fit_text, token_disc
from game.ui.sprites import CardSprite

OWN_CHARACTER = "own:character"
OWN_BELIEFS = ("own:belief_heathen", "own:belief_puritan")
TOKEN_PREFIX = "token:"
#: the Cunning Woman's reminder under the tokens, longest first: the first that fits is said
CUNNING_WOMAN_WORDS = (
    "Cunning Woman: once this game, investigate two at once (T).",
    "Once this game: investigate two at once (T).",
    "Investigate two at once (T).",
)


def show_card_of(sprite_id: str) -> str | None:
    """``own:belief_puritan`` -> ``belief_puritan`` (the card of the ``show`` command), else None."""
    return sprite_id.split(":", 1)[1] if sprite_id.startswith("own:") else None


class HandPanel:
    """The shown seat's hand (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.picture: tuple | None = None  # (key, the part as drawn)

    def hand_geometry(self) -> dict[str, pygame.Rect]:
        """The header line across the top; below it the Character card, the two Belief
        cards (bottom) and the tokens (right, under their label)."""
        zone = pygame.Rect(self.table.rects["hand"])
        head_h = max(20, min(30, zone.h // 8))
        card_h = max(60, zone.h - head_h - 14)
        card_w = int(card_h / CARD_RATIO)
        character = pygame.Rect(zone.x + 12, zone.y + head_h + 6, card_w, card_h)
        small_h = max(50, int(card_h * 0.62))
        small_w = int(small_h / CARD_RATIO)
        beliefs = [
            pygame.Rect(character.right + 14 + i * (small_w + 8), zone.bottom - small_h - 8, small_w, small_h)
            for i in range(2)
        ]
        label_h = max(16, head_h - 4)
        tokens = pygame.Rect(
            beliefs[1].right + 18,
            zone.y + head_h + 6 + label_h,
            zone.right - beliefs[1].right - 30,
            zone.bottom - zone.y - head_h - label_h - 12,
        )
        return {
            "zone": zone,
            "character": character,
            "beliefs": beliefs[0].union(beliefs[1]),
            "belief_heathen": beliefs[0],
            "belief_puritan": beliefs[1],
            "tokens": tokens,
            "head_h": pygame.Rect(zone.x, zone.y, zone.w, head_h),
        }

    def belief_label(self, size: int) -> tuple[str, ...]:
        """ "Belief cards (for sharing)" in lines as wide as the two cards under it (and a
        little): one line in a roomy hand, two in a narrow one (at 1024x640 one line ran
        under the tokens beside the cards)."""
        whole = "Belief cards (for sharing)"
        room = self.hand_geometry()["beliefs"].w + 12
        if get_font(max(11, size - 3)).size(whole)[0] <= room:
            return (whole,)
        return ("Belief cards", "(for sharing)")

    def token_radius(self) -> int:
        g = self.hand_geometry()
        return max(10, min(26, g["tokens"].h // 5, g["tokens"].w // 14))

    def rebuild_sprites(self, old_view: dict | None) -> None:
        for s in list(self.table.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "hand":
                s.kill()
        if self.table.my_seat() is None or not self.table.me() or "hand" not in self.table.rects:
            return
        g = self.hand_geometry()
        me = self.table.me()
        lift = g["character"].h // 8
        character = me.get("character")
        if character:
            r = g["character"]
            home = (r.x, r.y - (lift if self.table.selected == OWN_CHARACTER else 0))
            self.table.group.add(
                CardSprite(
                    OWN_CHARACTER,
                    self.table.art.face(self.table.game, character, r.size),
                    home,
                    draggable=True,
                    zone="hand",
                ),
                layer=1,
            )
        may_show = me.get("may_show") or []
        for sprite_id in OWN_BELIEFS:
            card = show_card_of(sprite_id)
            r = g[card]
            home = (r.x, r.y - (lift if self.table.selected == sprite_id else 0))
            image = self.table.art.face(self.table.game, card, r.size)
            if card not in may_show:
                image = image.copy()
                image.fill((110, 110, 110, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self.table.group.add(CardSprite(sprite_id, image, home, draggable=card in may_show, zone="hand"), layer=1)
        count = int(self.table.player(self.table.my_seat()).get("tokens") or 0)
        radius = self.token_radius()
        area = g["tokens"]
        step = radius * 2 + 8
        per_row = max(1, area.w // step)
        colour = theme.seat_color(self.table.my_seat())
        for i in range(count):
            row, col = divmod(i, per_row)
            sprite_id = f"{TOKEN_PREFIX}{i}"
            lit = sprite_id == self.table.selected
            disc = token_disc(radius, colour, None, lit=lit)
            home = (area.x + col * step, area.y + row * (radius * 2 + 10) - (6 if lit else 0))
            self.table.group.add(CardSprite(sprite_id, disc, home, draggable=True, zone="hand"), layer=2)

    def picture_key(self) -> tuple:
        """Everything the hand's labels show (the cards and tokens are sprites)."""
        t = self.table
        seat = t.my_seat()
        me = t.me()
        if seat is None or not me:
            return (None, t.no_hand_words())
        return (seat, repr(sorted(me.items())), int(t.player(seat).get("tokens") or 0))

    def draw(self, surface: pygame.Surface) -> None:
        """From the kept picture while it shows the same (:func:`draw_kept`)."""
        if "hand" in self.table.rects:
            draw_kept(self, surface, self.table.rects["hand"], self.picture_key(), self.paint)

    def paint(self, surface: pygame.Surface) -> None:
        """The labels under the hand sprites (drawn on the static table)."""
        if "hand" not in self.table.rects:
            return
        g = self.hand_geometry()
        felt_panel(surface, g["zone"], color=theme.FELT_DARK, alpha=200, width=1)
        size = max(12, min(17, g["zone"].h // 12))
        me = self.table.me()
        if self.table.my_seat() is None or not me:
            msg = text(self.table.no_hand_words(), size, theme.TEXT_MUTED)
            surface.blit(msg, msg.get_rect(center=g["zone"].center))
            return
        character = me.get("character")
        belief = me.get("belief", "")
        head = text(f"You are {words.character_name(character)}", size + 1, theme.PARCHMENT, bold=True)
        surface.blit(head, (g["zone"].x + 12, g["zone"].y + 6))
        tag = text(words.belief_word(belief), max(11, size - 1), theme.TEXT_LIGHT, bold=True)
        pill = tag.get_rect(midleft=(g["zone"].x + 20 + head.get_width(), g["zone"].y + 6 + head.get_height() // 2))
        pill = pill.inflate(12, 2)
        pygame.draw.rect(surface, belief_colour(belief), pill, border_radius=pill.h // 2)
        surface.blit(tag, tag.get_rect(center=pill.center))
        b = g["beliefs"]
        small = max(11, size - 3)
        y = b.y - 2
        for line in reversed(self.belief_label(size)):  # over the two cards, never over the tokens
            label = text(line, small, theme.TEXT_MUTED)
            y -= label.get_height()
            surface.blit(label, (b.x, y))
        count = int(self.table.player(self.table.my_seat()).get("tokens") or 0)
        t = g["tokens"]
        label = text(
            f"Your tokens: {count}" + ("" if count else " (none left)"), max(11, size - 1), theme.TEXT_LIGHT, bold=True
        )
        surface.blit(label, (t.x, t.y - label.get_height() - 4))
        if me.get("double_investigation"):
            # the whole sentence where it fits, else a shorter one (it was cut: "investigate tw…")
            room, small = g["zone"].right - t.x - 10, max(11, size - 3)
            line = next(
                (w for w in CUNNING_WOMAN_WORDS if get_font(small).size(w)[0] <= room),
                fit_text(CUNNING_WOMAN_WORDS[-1], small, room),
            )
            cw = text(line, small, theme.HIGHLIGHT)
            surface.blit(cw, (t.x, g["zone"].bottom - cw.get_height() - 6))
