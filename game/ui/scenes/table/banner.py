"""The table's small panels: the hint strip, a bot's "thinking…" pill, lit targets and
what the pointer carries, toasts, and the held moments (drawn cards, public moments)
before the screen passes on."""

from __future__ import annotations

import math
import time
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.fonts import first_fitting_size, get_font, render_text, wrap_text
from game.ui.scenes.table.common import (
    MIN_TEXT,
    THINKING_DOTS_PER_SECOND,
    TOAST_SECONDS,
    panel,
    text,
)
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table.text_fit import blit_text, fit_lines
from game.ui.sprites import CardSprite
from game.ui.widgets import Toast


@lru_cache(maxsize=256)
def message_layout(variants: tuple[str, ...], width: int, height: int) -> tuple[str, int, tuple[str, ...], int]:
    """How the hint strip shows a message (its wordings, longest first) in a strip of
    ``width`` x ``height``: (the wording, its size, its lines, the height they need —
    over ``height`` the strip grows upward). The first wording at the largest size from
    18 px down to 11 that fits on one line, else the last wording wrapped onto two lines
    (the strip grows to the line's height where it is lower).
    Worked out once per message and strip (the strip is drawn every frame)."""
    top = max(13, min(18, height - 10))
    for variant in variants:
        size = first_fitting_size(variant, top, MIN_TEXT, width - 20)
        if size:  # one line; a strip lower than the line (a 1024x640 window) grows to hold it
            line_h = get_font(size).get_linesize()
            return variant, size, (variant,), line_h + 2 if line_h + 2 > height else 0
    variant = variants[-1]
    size, lines = fit_lines(variant, width - 20, 2 * get_font(MIN_TEXT).get_linesize(), top)
    return variant, size, tuple(lines), len(lines) * get_font(size).get_linesize() + 4


class LitTargets(Panel):
    """The valid targets of the card being dragged or picked, lit; what the pointer
    carries, drawn above every panel; and what letting go there does (the table's
    ``drop_hint``)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Light the valid targets of the card being dragged / selected."""
        t = self.table
        if not t.valid_targets:
            return
        under = t.target_at(t.pointer) if t.drag.dragging else None
        for i, target in enumerate(t.valid_targets):
            r = t.target_rect(target)
            if r is None:
                continue
            hot = target == under or i == t.target_cursor
            color = theme.SELECT if hot else theme.HIGHLIGHT
            pygame.draw.rect(surface, color, r.inflate(6, 6), 4 if hot else 3, border_radius=8)

    def draw_dragged(self, surface: pygame.Surface) -> None:
        """What the pointer carries, above every panel, bar, banner and the hint strip and
        under only the choosers, public moments, toasts, zoom and help (a card held over a
        banner must not vanish under it): the lifted cards, then what letting go there
        does. A table whose drags are not card sprites (Malleus' plates) draws them here
        too."""
        t = self.table
        for s in t.lifted_cards():
            surface.blit(s.image, s.rect)
        self.table.draw_drop_hint(surface)

    def lifted_cards(self) -> list:
        """The card sprites drawn above the panels: the card dropped to open the chooser
        (it waits there for the answer, ``Prompt.waiting``) and the card being dragged."""
        t = self.table
        out = []
        waiting = t.prompt.waiting if t.prompt is not None else None
        if waiting is not None and waiting.alive():
            out.append(waiting)
        if t.drag.dragging and t.drag.held is not None and t.drag.held not in out:
            out.append(t.drag.held)
        return out

    def draw_drop_hint(self, surface: pygame.Surface) -> None:
        t = self.table
        held = t.drag.held if t.drag.dragging else None
        under = t.target_at(t.pointer) if held is not None else None
        if held is not None and under in t.valid_targets:
            hint = t.drop_hint(held.card_id, under)
            if hint:  # what letting go here will do, beside the pointer
                label = text(hint, 16, theme.INK, bold=True)
                box = label.get_rect(midbottom=(t.pointer[0], held.rect.y - 6)).inflate(14, 6)
                box.clamp_ip(surface.get_rect())
                pygame.draw.rect(surface, theme.SELECT, box, border_radius=box.h // 2)
                at = label.get_rect(center=box.center)
                surface.blit(label, at)
                t.note_text("drop hint", hint, hint, [at], surface.get_rect())


class Thinking(Panel):
    """A "thinking…" pill on the seat of the bot deciding now, its dots counting (the
    table's ``next_wake`` redraws it at each new dot, so it visibly keeps drawing);
    ``shown``: the seat and dots drawn last. A table whose seats draw it in their header
    (``seats_show_thinking``: where a pill laid over the seat would hide its name, tags or
    counts) asks :meth:`label` for it; the pill over the seat's corner is for the others."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.shown: tuple[int, int] | None = None

    def seat(self) -> int | None:
        """The bot seat deciding now (a hot-seat source's ``thinking_seat()``), else None."""
        ask = getattr(self.table.source, "thinking_seat", None)
        seat = ask() if callable(ask) else None
        return seat if isinstance(seat, int) else None

    def label(self, seat: int) -> str | None:
        """The words a seat's header shows while its bot decides: "thinking" and its
        counting dots, padded to a steady width; None for any other seat."""
        if seat != self.table.thinking_seat():
            return None
        dots = int(time.monotonic() * THINKING_DOTS_PER_SECOND) % 4
        return "thinking" + "." * dots + " " * (3 - dots)

    def acting_label(self, seat: int) -> str | None:
        """The tag a seat's header shows for whose move it is: its :meth:`label` while
        its bot decides, "to act" while the view has it to act, else None."""
        return self.label(seat) or ("to act" if seat in (self.table.view.get("to_act") or []) else None)

    def step(self, now: float) -> None:
        """A new dot to show: the table is drawn again."""
        thinking = self.table.thinking_seat()
        dots = None if thinking is None else (thinking, int(now * THINKING_DOTS_PER_SECOND) % 4)
        if dots != self.shown:
            self.shown = dots
            self.table.dirty = True

    def next_wake(self) -> float | None:
        """Seconds until the next dot, or None while no bot thinks."""
        if self.table.thinking_seat() is None:
            return None
        now = time.monotonic() * THINKING_DOTS_PER_SECOND
        return (math.floor(now) + 1 - now) / THINKING_DOTS_PER_SECOND + 0.001

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        seat = t.thinking_seat()
        zone = t.seat_zone(seat) if seat is not None else None
        if zone is None or t.seats_show_thinking:
            return
        size = max(MIN_TEXT, min(16, zone.h // 7))
        label = render_text(self.label(seat) or "", size, theme.INK)
        full = render_text("thinking...", size, theme.INK)
        pill = pygame.Rect(0, 0, full.get_width() + 16, full.get_height() + 6)
        pill.topright = (zone.right - 8, zone.y + 6)
        pygame.draw.rect(surface, theme.HIGHLIGHT, pill, border_radius=pill.h // 2)
        surface.blit(label, label.get_rect(midleft=(pill.x + 8, pill.centery)))


class HintStrip(Panel):
    """The hint strip (zone ``message``): the table's ``message``, read whole; shorter
    wordings of a message (``short_messages``) are tried when it does not fit."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.message = ""
        self.short_messages: dict[str, tuple[str, ...]] = {}

    def say(self, message: str, *shorter: str) -> str:
        """``message`` for the hint strip, with shorter wordings of it for a narrow window."""
        if shorter:
            self.short_messages[message] = shorter
        return message

    def draw(self, surface: pygame.Surface) -> None:
        """The message at the largest size from 18 px down to 11 that fits on its line,
        else a shorter wording of it, else the shortest wrapped onto two lines, the strip
        growing upward for them."""
        t = self.table
        r = t.rects.get("message")
        if r is None or not self.message:
            return
        rect = pygame.Rect(r)
        variants = (self.message, *self.short_messages.get(self.message, ()))
        variant, size, lines, need = message_layout(variants, rect.w, rect.h)
        if need > rect.h:
            rect = pygame.Rect(rect.x, rect.bottom - need, rect.w, need)
        held = t.holding()  # the drawn-cards line stands out: it asks for a click
        panel(
            surface, rect, alpha=200, radius=6, width=2 if held else 1, edge=theme.SELECT if held else theme.PANEL_EDGE
        )
        line_h = get_font(size).get_linesize()
        y = rect.centery - len(lines) * line_h // 2
        drawn = []
        for line in lines:
            surf = render_text(line, size, theme.SELECT if held else theme.PARCHMENT)
            drawn.append(blit_text(surface, surf, (rect.x + 10, y + (line_h - surf.get_height()) // 2)))
            y += line_h
        t.note_text("hint strip", variant, " ".join(lines), drawn, rect)


class Toasts(Panel):
    """The toast over the table (a refused move's message, in the engine's words) and
    the last error shown (``last_error``)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.toast_widget = Toast(font_size=20)
        self.last_error = ""

    def toast(self, message: str, error: bool = True, edge: tuple[int, int, int] | None = None) -> None:
        t = self.table
        self.last_error = message if error else self.last_error
        kind = "error" if error else "info"
        # as long as it takes to read, and never shorter than the table's usual notice
        self.toast_widget.show(
            message, kind, seconds=max(TOAST_SECONDS, self.toast_widget.hold_for(message, kind)), edge=edge
        )
        if error:
            t.play_sound("refused")
        t.dirty = True

    def step(self, dt: float) -> None:
        if self.toast_widget.showing:
            self.toast_widget.update(dt)
            if not self.toast_widget.showing:
                self.table.dirty = True

    def forget(self) -> None:
        """Another seat's screen: nothing of the last one's messages stays."""
        self.toast_widget.hide()
        self.last_error = ""

    def draw(self, surface: pygame.Surface) -> None:
        if not self.toast_widget.showing:
            return
        w, h = surface.get_size()
        hand = self.table.rects.get("hand", (0, h * 3 // 4, w, h // 4))
        self.toast_widget.set_rect((hand[0], 0, hand[2], hand[1] + 30))
        self.toast_widget.draw(surface)


class Holds(Panel):
    """The hot-seat session holds the screen until a click or key: this seat's view so
    it sees the cards it drew (lit in the hand), or a public moment the whole table sees
    before the curtain (its sentences in a box in the middle). A LAN source never holds."""

    def holding(self) -> bool:
        return bool(getattr(self.table.source, "holding", False)) or bool(self.table.moment_events())

    def moment_events(self) -> list[dict]:
        """The events of the public moment on screen ([] when there is none)."""
        moment = getattr(self.table.source, "public_moment", None)
        return list(moment()) if callable(moment) else []

    def hold_message(self) -> str:
        t = self.table
        if t.moment_events():
            return "Everyone sees this together. Click or press Enter to go on."
        if not t.holding():
            return ""
        n = len(getattr(t.source, "held_cards", list)())
        cards = "a card" if n == 1 else f"{n} cards"
        return f"You drew {cards} (lit below). Click or press Enter when you have seen them."

    def release(self) -> None:
        t = self.table
        if t.moment_events():
            t.source.release_public_moment()
        else:
            t.source.release_hold()
        t.sync()
        t.dirty = True

    def draw_moment(self, surface: pygame.Surface) -> None:
        """The public moment's sentences in a box in the middle of the table."""
        t = self.table
        events = t.moment_events()
        if not events:
            return
        w, h = surface.get_size()
        width = min(w - 80, 760)
        font = get_font(22, bold=True)
        lines: list[str] = []
        for event in events:
            sentence = t.describe_event(event)
            if sentence:
                lines.extend(wrap_text(sentence, font, width - 48))
        lines = lines[:6] or ["Everyone sees this together."]
        foot = text("Click or press Enter to go on", 17, theme.TEXT_MUTED)
        height = 28 + len(lines) * font.get_linesize() + 16 + foot.get_height() + 18
        box = pygame.Rect(0, 0, width, height)
        # over the hand's place (no hand is shown on the public table), so the dice, the
        # court and the log stay in sight; the window's middle without a hand zone
        hand = t.rects.get("hand")
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
        t = self.table
        if not t.holding():
            return
        held = set(getattr(t.source, "held_cards", list)())
        for sprite in t.group.sprites():
            if isinstance(sprite, CardSprite) and sprite.zone == "hand" and sprite.card_id in held:
                pygame.draw.rect(surface, theme.SELECT, sprite.rect.inflate(8, 8), 4, border_radius=10)
