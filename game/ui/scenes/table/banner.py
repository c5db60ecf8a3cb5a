"""The hint strip, the action buttons, the public banner's extras, a bot's
"thinking…" pill, lit targets and drop hints, toasts, and the held moments (drawn
cards, public moments) before the screen passes on."""
from __future__ import annotations

import time
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.fonts import first_fitting_size, get_font, render_text, wrap_text
from game.ui.scenes.table.common import MIN_TEXT, THINKING_DOTS_PER_SECOND, panel, Target, text
from game.ui.scenes.table.text_fit import blit_text, fit_lines
from game.ui.sprites import CardSprite


@lru_cache(maxsize=256)
def message_layout(variants: tuple[str, ...], width: int, height: int) -> tuple[str, int, tuple[str, ...], int]:
    """How the hint strip shows a message (its wordings, longest first) in a strip of
    ``width`` x ``height``: (the wording, its size, its lines, the height they need —
    over ``height`` the strip grows upward). The first wording at the largest size from
    18 px down to 11 that fits on one line, else the last wording wrapped onto two lines.
    Worked out once per message and strip (the strip is drawn every frame)."""
    top = max(13, min(18, height - 10))
    for variant in variants:
        size = first_fitting_size(variant, top, MIN_TEXT, width - 20)
        if size:
            return variant, size, (variant,), 0
    variant = variants[-1]
    size, lines = fit_lines(variant, width - 20, 2 * get_font(MIN_TEXT).get_linesize(), top)
    return variant, size, tuple(lines), len(lines) * get_font(size).get_linesize() + 4


class BannerPanel:
    """The hint strip, the action buttons, the public banner's extras, a bot's
    "thinking…" pill, lit targets and drop hints, toasts, and the held moments (drawn
    cards, public moments) before the screen passes on. Mixed into :class:`~game.ui.scenes.table_base.TableScene`."""

    def draw_targets(self, surface: pygame.Surface) -> None:
        """Light the valid targets of the card being dragged / selected."""
        if not self.valid_targets:
            return
        under = self.target_at(self.pointer) if self.drag.dragging else None
        for i, target in enumerate(self.valid_targets):
            r = self.target_rect(target)
            if r is None:
                continue
            hot = target == under or i == self.target_cursor
            color = theme.SELECT if hot else theme.HIGHLIGHT
            pygame.draw.rect(surface, color, r.inflate(6, 6), 4 if hot else 3, border_radius=8)

    def draw_dragged(self, surface: pygame.Surface) -> None:
        """What the pointer carries, above every panel, bar, banner and the hint strip and
        under only the choosers, public moments, toasts, zoom and help (QA 31: a card held
        over the Hammer banner vanished under it): the lifted cards, then what letting go
        there does. A table whose drags are not card sprites (Malleus' plates) draws them
        here too."""
        for s in self.lifted_cards():
            surface.blit(s.image, s.rect)
        self.draw_drop_hint(surface)

    def lifted_cards(self) -> list:
        """The card sprites drawn above the panels: the card dropped to open the chooser
        (it waits there for the answer, ``Prompt.waiting``) and the card being dragged."""
        out = []
        waiting = self.prompt.waiting if self.prompt is not None else None
        if waiting is not None and waiting.alive():
            out.append(waiting)
        if self.drag.dragging and self.drag.held is not None and self.drag.held not in out:
            out.append(self.drag.held)
        return out

    def draw_drop_hint(self, surface: pygame.Surface) -> None:
        held = self.drag.held if self.drag.dragging else None
        under = self.target_at(self.pointer) if held is not None else None
        if held is not None and under in self.valid_targets:
            hint = self.drop_hint(held.card_id, under)
            if hint:  # what letting go here will do, beside the pointer
                label = text(hint, 16, theme.INK, bold=True)
                box = label.get_rect(midbottom=(self.pointer[0], held.rect.y - 6)).inflate(14, 6)
                box.clamp_ip(surface.get_rect())
                pygame.draw.rect(surface, theme.SELECT, box, border_radius=box.h // 2)
                at = label.get_rect(center=box.center)
                surface.blit(label, at)
                self.note_text("drop hint", hint, hint, [at], surface.get_rect())

    def drop_hint(self, card_id: str | None, target: Target) -> str:
        """A few words saying what dropping ``card_id`` on ``target`` does ('' = none)."""
        return ""

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.all_buttons():
            self.fit_button(b)
        if self.banner is not None:
            self.draw_banner_extras(surface)
            self.banner.draw(surface)
        for i, b in enumerate(self.all_buttons()):
            b.focused = i == self.focus
        for b in self.buttons:
            b.draw(surface)
        if self.menu_button is not None:
            self.menu_button.draw(surface)
        if self.banner is not None and 0 <= self.focus:
            for i, b in enumerate(self.all_buttons()):
                if i == self.focus:
                    b.draw(surface)

    def draw_banner_extras(self, surface: pygame.Surface) -> None:
        """Whatever a scene draws beside its banner (the announced card)."""

    def thinking_seat(self) -> int | None:
        """The bot seat deciding now (a hot-seat source's ``thinking_seat()``), else None."""
        ask = getattr(self.source, "thinking_seat", None)
        seat = ask() if callable(ask) else None
        return seat if isinstance(seat, int) else None

    def draw_thinking(self, surface: pygame.Surface) -> None:
        """A "thinking…" pill on the seat of the bot deciding now, its dots counting
        (``next_wake`` redraws the table at each new dot, so it visibly keeps drawing)."""
        seat = self.thinking_seat()
        zone = self.seat_zone(seat) if seat is not None else None
        if zone is None:
            return
        size = max(MIN_TEXT, min(16, zone.h // 7))
        dots = int(time.monotonic() * THINKING_DOTS_PER_SECOND) % 4
        label = render_text("thinking" + "." * dots + " " * (3 - dots), size, theme.INK)
        full = render_text("thinking...", size, theme.INK)
        pill = pygame.Rect(0, 0, full.get_width() + 16, full.get_height() + 6)
        pill.topright = (zone.right - 8, zone.y + 6)
        pygame.draw.rect(surface, theme.HIGHLIGHT, pill, border_radius=pill.h // 2)
        surface.blit(label, label.get_rect(midleft=(pill.x + 8, pill.centery)))

    def draw_message(self, surface: pygame.Surface) -> None:
        """The hint strip, read whole (issue 9 item 5): the message at the largest size from
        18 px down to 11 that fits on its line, else a shorter wording of it
        (``short_messages``), else the shortest wrapped onto two lines, the strip growing
        upward for them."""
        r = self.rects.get("message")
        if r is None or not self.message:
            return
        rect = pygame.Rect(r)
        variants = (self.message, *self.short_messages.get(self.message, ()))
        variant, size, lines, need = message_layout(variants, rect.w, rect.h)
        if need > rect.h:
            rect = pygame.Rect(rect.x, rect.bottom - need, rect.w, need)
        held = self.holding()  # the drawn-cards line stands out: it asks for a click
        panel(surface, rect, alpha=200, radius=6, width=2 if held else 1,
              edge=theme.SELECT if held else theme.PANEL_EDGE)
        line_h = get_font(size).get_linesize()
        y = rect.centery - len(lines) * line_h // 2
        drawn = []
        for line in lines:
            surf = render_text(line, size, theme.SELECT if held else theme.PARCHMENT)
            drawn.append(blit_text(surface, surf, (rect.x + 10, y + (line_h - surf.get_height()) // 2)))
            y += line_h
        self.note_text("hint strip", variant, " ".join(lines), drawn, rect)

    def draw_toasts(self, surface: pygame.Surface) -> None:
        if not self.toast_widget.showing:
            return
        w, h = surface.get_size()
        hand = self.rects.get("hand", (0, h * 3 // 4, w, h // 4))
        self.toast_widget.set_rect((hand[0], 0, hand[2], hand[1] + 30))
        self.toast_widget.draw(surface)

    def holding(self) -> bool:
        """The hot-seat session holds the screen until a click or key: this seat's view
        so it sees the cards it drew (issue 9 item 7), or a public moment the whole
        table sees before the curtain (QA 6). A LAN source never holds."""
        return bool(getattr(self.source, "holding", False)) or bool(self.moment_events())

    def moment_events(self) -> list[dict]:
        """The events of the public moment on screen ([] when there is none)."""
        moment = getattr(self.source, "public_moment", None)
        return list(moment()) if callable(moment) else []

    def hold_message(self) -> str:
        if self.moment_events():
            return "Everyone sees this together. Click or press Enter to go on."
        if not self.holding():
            return ""
        n = len(getattr(self.source, "held_cards", lambda: [])())
        cards = "a card" if n == 1 else f"{n} cards"
        return f"You drew {cards} (lit below). Click or press Enter when you have seen them."

    def release_hold(self) -> None:
        if self.moment_events():
            self.source.release_public_moment()
        else:
            self.source.release_hold()
        self.sync()
        self.dirty = True

    def draw_moment(self, surface: pygame.Surface) -> None:
        """The public moment's sentences in a box in the middle of the table (QA 6)."""
        events = self.moment_events()
        if not events:
            return
        w, h = surface.get_size()
        width = min(w - 80, 760)
        font = get_font(22, bold=True)
        lines: list[str] = []
        for event in events:
            sentence = self.describe_event(event)
            if sentence:
                lines.extend(wrap_text(sentence, font, width - 48))
        lines = lines[:6] or ["Everyone sees this together."]
        foot = text("Click or press Enter to go on", 17, theme.TEXT_MUTED)
        height = 28 + len(lines) * font.get_linesize() + 16 + foot.get_height() + 18
        box = pygame.Rect(0, 0, width, height)
        # over the hand's place (no hand is shown on the public table), so the dice, the
        # court and the log stay in sight; the window's middle without a hand zone
        hand = self.rects.get("hand")
        box.center = pygame.Rect(hand).center if hand is not None else (w // 2, h // 2)
        box.clamp_ip(pygame.Rect(0, 0, w, h).inflate(-8, -8))
        panel(surface, box.inflate(6, 6), alpha=245, edge=theme.HIGHLIGHT, radius=12, width=3)
        y = box.y + 26
        for line in lines:
            surf = render_text(line, 22, theme.PARCHMENT, bold=True)
            surface.blit(surf, surf.get_rect(midtop=(box.centerx, y)))
            y += font.get_linesize()
        surface.blit(foot, foot.get_rect(midbottom=(box.centerx, box.bottom - 12)))

    def draw_hold(self, surface: pygame.Surface) -> None:
        """Light the cards just drawn while the session holds the screen for them."""
        if not self.holding():
            return
        held = set(getattr(self.source, "held_cards", lambda: [])())
        for sprite in self.group.sprites():
            if isinstance(sprite, CardSprite) and sprite.zone == "hand" and sprite.card_id in held:
                pygame.draw.rect(surface, theme.SELECT, sprite.rect.inflate(8, 8), 4, border_radius=10)
