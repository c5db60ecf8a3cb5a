"""The end of a game (docs/rules/testimony.md §5), told in order over
the middle of the table: the tokens in front of each player turn over one by one while
their Standing is counted, the killed are marked, every Character is revealed, then each
score with its reasons. A click skips to the end; the panel closes with its button (Esc)
and opens again from the standings.

Everything drawn comes from ``view["history"]`` (a finished game is public), so a LAN
client, a resumed save and the hot-seat screen show the same thing.

:class:`RevealPanel` is a panel the table owns (``table.result``): it keeps which game's
reveal is open and how far it is told (``reveal``), how many games it has seen end,
where its Close button lies and whether the table's bots must wait while it is read
(``waiting``: the table's ``keep_bots_waiting``). It reads the table's ``view``,
``source``, ``art``, ``players`` and the pointer, and asks the table to show the result
everywhere once it is told (``table.after_telling``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.rules.testimony import catalog
from game.ui import theme
from game.ui.fonts import get_font, render_text
from game.ui.scenes import testimony_text as words
from game.ui.scenes.table_base import panel, text
from game.ui.scenes.testimony.common import (
    CARD_RATIO,
    DEAD_COLOUR,
    DEAD_TEXT,
    FLIP_SECONDS,
    REVEAL_GAP,
    fit_text,
    middle_rect,
    token_disc,
    wrapped,
)

DONE = 1e9  # a reveal time past every step


class RevealPanel:
    """The reveal of a game's end (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        #: None, or ``{"game": index into history, "t": seconds, "open": bool}``
        self.reveal: dict | None = None
        #: how many games the panel has seen end (None: it has not read the view yet)
        self.revealed_games: int | None = None
        self.close_rect: pygame.Rect | None = None
        #: hot-seat: the session's bots wait while this is true (the reveal is being read)
        self.waiting = False
        self.order: tuple | None = None  # (record, its tokens in the order they turn over)
        self.shades: dict[tuple, pygame.Surface] = {}

    def shade(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        key = (tuple(size), alpha)
        surf = self.shades.get(key)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            surf.fill((0, 0, 0, alpha))
            self.shades[key] = surf
        return surf

    # -------------------------------------------------------- opening and closing --
    def follow_history(self) -> None:
        """Open the reveal when a game has just ended (and, opening on a finished game,
        show its result at once)."""
        t = self.table
        history = t.view.get("history")
        if history is None:
            return
        if self.revealed_games is None:
            self.revealed_games = len(history)
            if history and t.view.get("stage") in ("between", "over"):
                self.reveal = {"game": len(history) - 1, "t": DONE, "open": True}
        elif len(history) > self.revealed_games:
            self.revealed_games = len(history)
            self.reveal = {"game": len(history) - 1, "t": 0.0, "open": True}
            t.play_sound("bell")
        elif self.is_open() and t.view.get("stage") not in ("between", "over"):
            # the next game has begun: its table is not left under the last one's result
            # (the standings' button opens it again)
            self.reveal["open"], self.reveal["t"] = False, DONE
            self.update_waiting()
            t.buttons = t.make_buttons()
            t.message = t.status_message()
        self.update_waiting()

    def is_open(self) -> bool:
        return bool(self.reveal and self.reveal.get("open"))

    def update_waiting(self) -> None:
        self.waiting = self.is_open()

    def open_last_reveal(self) -> None:
        t = self.table
        history = t.view.get("history") or []
        if history:
            self.reveal = {"game": len(history) - 1, "t": DONE, "open": True}
            self.update_waiting()
            t.buttons = t.make_buttons()
            t.message = t.status_message()
            t.dirty = True

    def go_on_from_reveal(self) -> None:
        """Enter (or the Start button) on a reveal that has been told: the whole table has
        read the result. Start the next game when the bar offers it ("Start game 2
        (Enter)"); otherwise close the reveal so the game goes on (bots included)."""
        t = self.table
        if t.moment_events():  # hot-seat: the result was read together
            t.source.release_public_moment()
            t.sync()
        start = t.start_button()
        if start is not None:
            t.press_button(start)  # the next game begins; the reveal closes with it
        else:
            self.close_reveal()

    def close_reveal(self) -> None:
        if self.reveal is not None:
            self.reveal["open"] = False
            self.reveal["t"] = DONE
        self.update_waiting()
        self.table.after_telling()
        if self.table.moment_events():  # hot-seat: the table has read the result together
            self.table.release_hold()

    # -------------------------------------------------------------- the timeline --
    def reveal_record(self) -> dict | None:
        if not self.reveal:
            return None
        history = self.table.view.get("history") or []
        index = self.reveal["game"]
        return history[index] if 0 <= index < len(history) else None

    def reveal_order(self, record: dict) -> list[tuple[int, int, dict]]:
        """(seat, index in its row, token) in the order the tokens turn over: seat by seat
        (worked out once per record: the reveal asks for it many times a frame)."""
        kept = self.order
        if kept is not None and kept[0] is record:
            return kept[1]
        order = []
        for seat in range(self.table.players):
            row = [t for t in record.get("tokens") or [] if t.get("target") == seat]
            order.extend((seat, i, t) for i, t in enumerate(row))
        self.order = (record, order)
        return order

    def reveal_times(self, record: dict) -> dict[str, float]:
        flips = len(self.reveal_order(record))
        tokens_end = flips * REVEAL_GAP + FLIP_SECONDS
        return {
            "tokens_end": tokens_end,
            "deaths": tokens_end + 0.35,
            "characters": tokens_end + 0.7,
            "scores": tokens_end + 0.7 + 0.12 * self.table.players + 0.3,
            "end": tokens_end + 0.7 + 0.12 * self.table.players + 0.9,
        }

    def reveal_animating(self) -> bool:
        record = self.reveal_record()
        return bool(record and self.reveal.get("open") and self.reveal["t"] < self.reveal_times(record)["end"])

    def step_reveal(self, dt: float) -> None:
        if self.reveal is not None and self.reveal.get("open") and self.reveal_animating():
            before = self.reveal["t"]
            self.reveal["t"] += dt / self.table.anim_factor
            record = self.reveal_record()
            times = self.reveal_times(record)
            for key, sound in (("deaths", "bell"), ("characters", "card_draw"), ("scores", "coins")):
                if before < times[key] <= self.reveal["t"]:
                    self.table.play_sound(sound)
            self.table.dirty = True

    def skip_reveal(self) -> None:
        if self.reveal is not None:
            self.reveal["t"] = DONE
            self.table.dirty = True

    def telling(self) -> bool:
        """While the reveal is being told, the rest of the table keeps the result back
        (tokens face down on the plates, Characters hidden, deaths, scores, the next
        first player and the log's last lines wait), so the story is not spoiled."""
        return bool(self.reveal and self.reveal.get("open") and self.reveal_animating())

    def result_shown(self) -> bool:
        """The game just ended and its result may be shown everywhere."""
        return self.table.view.get("stage") in ("between", "over") and not self.telling()

    # -------------------------------------------------------------------- drawing --
    def reveal_box(self) -> pygame.Rect:
        return pygame.Rect(middle_rect(*self.table.size)).inflate(-10, -10)

    def reveal_rows(self, box: pygame.Rect) -> tuple[int, int, tuple[int, int]]:
        """Where the reveal's rows start, a row's height and the size of a row's card."""
        size = max(12, min(20, box.h // 30))
        title_h = text("Game 1: the reveal", size + 6, theme.HIGHLIGHT, bold=True, title=True).get_height()
        # the column headings sit under the title line (its hint included), never over it
        head_h = text("Standing", max(11, size - 5), theme.TEXT_MUTED, bold=True).get_height()
        top = max(box.y + title_h + 18, box.y + 8 + title_h + 4 + head_h + 1)
        row_h = max(36, (box.bottom - top - (size + 18)) // max(1, self.table.players))
        card_h = max(24, row_h - 8)
        return top, row_h, (int(card_h / CARD_RATIO), card_h)

    def words_ahead(self) -> list[Callable[[], object]]:
        """What the reveal's first frame draws for the first time, as calls to draw it
        ahead into the caches (the table's first drawings): the next game's title, the
        hints, the headings, the seats' names, the face-down tokens and the standings as
        the reveal opens (sizes as :meth:`draw_reveal` takes them)."""
        t = self.table
        box = self.reveal_box()
        size = max(12, min(20, box.h // 30))
        name_w = int(box.w * 0.15)
        row_h = self.reveal_rows(box)[1]
        rad = max(7, min(13, row_h // 4))
        players = list(t.source.players)
        history = t.view.get("history") or []
        game_no = int((history[-1] or {}).get("game_no") or len(history)) + 1 if history else 1
        calls: list[Callable[[], object]] = [
            partial(text, f"Game {game_no}: the reveal", size + 6, theme.HIGHLIGHT, bold=True, title=True),
            partial(text, "click to skip", max(11, size - 3), theme.TEXT_MUTED),
            partial(text, "Esc or the button closes this", max(11, size - 3), theme.TEXT_MUTED),
            partial(text, "Close (Esc)", max(11, size - 2), theme.TEXT_LIGHT, bold=True),
            partial(text, "no tokens", max(11, size - 4), theme.TEXT_MUTED),
        ]
        calls += [
            partial(text, label, max(11, size - 5), theme.TEXT_MUTED, bold=True)
            for label in ("Tokens in front", "Standing", "Score and why")
        ]
        for seat in range(t.players):
            name = fit_text(words.seat_name(seat, players), size, name_w - 8, bold=True)
            calls.append(partial(text, name, size, theme.PARCHMENT, bold=True))
            calls.append(partial(token_disc, rad, theme.seat_color(seat), None, turned=1.0))
        calls += [partial(text, f"{n:+d}", size + 4, theme.TEXT_LIGHT, bold=True) for n in range(-3, 4)]
        return calls

    def draw_reveal(self, surface: pygame.Surface) -> None:
        record = self.reveal_record()
        if record is None or not self.reveal.get("open"):
            self.close_rect = None
            return
        t = self.reveal["t"]
        times = self.reveal_times(record)
        box = self.reveal_box()
        surface.blit(self.shade(box.size, 120), box.topleft)
        panel(surface, box, alpha=255, edge=theme.HIGHLIGHT, width=2)
        players = list(self.table.source.players)
        size = max(12, min(20, box.h // 30))
        title = text(f"Game {record.get('game_no')}: the reveal", size + 6, theme.HIGHLIGHT, bold=True, title=True)
        surface.blit(title, (box.x + 16, box.y + 8))
        hint = "click to skip" if t < times["end"] else "Esc or the button closes this"
        h = text(hint, max(11, size - 3), theme.TEXT_MUTED)
        at = (box.x + 24 + title.get_width(), box.y + 8 + title.get_height() - h.get_height() - 2)
        self.table.note_text("reveal hint", hint, hint, [surface.blit(h, at)], box)
        close = pygame.Rect(0, 0, max(110, size * 7), size + 16)
        close.topright = (box.right - 12, box.y + 8)
        self.close_rect = close
        pygame.draw.rect(
            surface, theme.WOOD_LIGHT if close.collidepoint(self.table.pointer) else theme.WOOD, close, border_radius=8
        )
        label = text("Close (Esc)", max(11, size - 2), theme.TEXT_LIGHT, bold=True)
        surface.blit(label, label.get_rect(center=close.center))
        top, row_h, (card_w, card_h) = self.reveal_rows(box)
        foot = size + 18
        order = self.reveal_order(record)
        flipped_at = {(seat, i): k * REVEAL_GAP for k, (seat, i, _t) in enumerate(order)}
        weights = self.token_weights(record)
        name_w = int(box.w * 0.15)
        rad = max(7, min(13, row_h // 4))
        tokens_x = box.x + 16 + name_w + card_w + 14
        tokens_w = int(box.w * 0.36)
        standing_x = tokens_x + tokens_w + 8
        reasons_x = standing_x + int(box.w * 0.09)
        for label, x in (("Tokens in front", tokens_x), ("Standing", standing_x), ("Score and why", reasons_x)):
            head = text(label, max(11, size - 5), theme.TEXT_MUTED, bold=True)
            self.table.note_text(
                "reveal heading", label, label, [surface.blit(head, (x, top - head.get_height() - 1))], box
            )
        for seat in range(self.table.players):
            y = top + seat * row_h
            row = pygame.Rect(box.x + 8, y, box.w - 16, row_h - 4)
            pygame.draw.rect(surface, theme.darken(theme.PANEL, 0.2) if seat % 2 else theme.PANEL, row, border_radius=6)
            pygame.draw.rect(surface, theme.seat_color(seat), (row.x + 2, row.y + 3, 5, row.h - 6), border_radius=2)
            name = text(
                fit_text(words.seat_name(seat, players), size, name_w - 8, bold=True), size, theme.PARCHMENT, bold=True
            )
            surface.blit(name, (row.x + 12, row.y + 4))
            card = pygame.Rect(box.x + 16 + name_w, row.y + 2, card_w, min(card_h, row.h - 4))
            character = (record.get("characters") or [None] * self.table.players)[seat]
            show_face = t >= times["characters"] + 0.12 * seat
            img = (
                self.table.art.face(self.table.game, character, card.size)
                if show_face
                else self.table.art.back(self.table.game, card.size)
            )
            surface.blit(img, card.topleft)
            if show_face:
                cn = text(
                    fit_text(words.character_name(character), max(11, size - 4), name_w - 8),
                    max(11, size - 4),
                    theme.TEXT_LIGHT,
                )
                surface.blit(cn, (row.x + 12, row.y + 6 + name.get_height()))
            standing = 0
            lying = [tk for tk in record.get("tokens") or [] if tk.get("target") == seat]
            row_rad, spots = self.token_spots(row, tokens_x, tokens_w, len(lying), rad)
            for i, tk in enumerate(lying):
                start = flipped_at.get((seat, i), 0.0)
                progress = (t - start) / FLIP_SECONDS
                if progress >= 1:
                    side, turned = tk.get("side"), 1.0
                    standing += (-1 if side == "accuse" else 1) * weights.get(tk.get("placer"), 1)
                elif progress >= 0.5:
                    side, turned = tk.get("side"), (progress - 0.5) * 2
                elif progress > 0:
                    side, turned = None, 1 - progress * 2
                else:
                    side, turned = None, 1.0
                disc = token_disc(row_rad, theme.seat_color(tk.get("placer", 0)), side, turned=turned)
                x, ty = spots[i]
                surface.blit(disc, (x, ty))
                if progress >= 1 and weights.get(tk.get("placer"), 1) > 1 and show_face:
                    badge = text(f"\u00d7{weights[tk.get('placer')]}", max(11, size - 7), theme.HIGHLIGHT, bold=True)
                    surface.blit(badge, (x + disc.get_width() - badge.get_width() + 2, ty - 4))
            if not lying:
                none = text("no tokens", max(11, size - 4), theme.TEXT_MUTED)
                surface.blit(none, (tokens_x, row.centery - none.get_height() // 2))
            killed = (record.get("killed") or [False] * self.table.players)[seat]
            col = theme.TEXT_LIGHT
            if t >= times["deaths"]:
                standing = (record.get("standing") or [0] * self.table.players)[seat]
                col = DEAD_TEXT if killed else theme.SUCCESS
            st = text(f"{standing:+d}", size + 4, col, bold=True)
            surface.blit(st, (standing_x, row.centery - st.get_height() // 2))
            if t >= times["deaths"] and killed:
                stamp = text("KILLED", max(11, size - 2), theme.PARCHMENT, bold=True)
                pill = stamp.get_rect(topleft=(standing_x, row.centery + st.get_height() // 2)).inflate(8, 0)
                if pill.bottom <= row.bottom + 2:
                    pygame.draw.rect(surface, DEAD_COLOUR, pill, border_radius=4)
                    surface.blit(stamp, stamp.get_rect(center=pill.center))
            if t >= times["scores"]:
                score = (record.get("scores") or [0] * self.table.players)[seat]
                total = (record.get("totals") or [0] * self.table.players)[seat]
                head = text(
                    f"{score:+d} this game \u00b7 {total} in all", max(11, size - 1), theme.HIGHLIGHT, bold=True
                )
                surface.blit(head, (reasons_x, row.y + 3))
                ry = row.y + 5 + head.get_height()
                reasons = (record.get("reasons") or [[]] * self.table.players)[seat]
                line = "; ".join(words.reason_line(r) for r in reasons) or "no points"
                font = get_font(max(11, size - 4))
                for part in wrapped(line, max(11, size - 4), box.right - reasons_x - 16):
                    if ry + font.get_linesize() > row.bottom:
                        break
                    surface.blit(render_text(part, max(11, size - 4), theme.TEXT_LIGHT), (reasons_x, ry))
                    ry += font.get_linesize()
        aside = record.get("set_aside")
        if aside and t >= times["characters"]:
            line = text(f"The card set aside was {words.character_name(aside)}.", max(11, size - 2), theme.TEXT_MUTED)
            surface.blit(line, (box.x + 16, box.bottom - foot + 4))

    @staticmethod
    def token_spots(
        row: pygame.Rect, left: int, width: int, count: int, radius: int
    ) -> tuple[int, list[tuple[int, int]]]:
        """How a row of the reveal lays its ``count`` tokens: their radius (``radius`` or
        smaller, down to 7, until their lines fit the row's height) and each token's top
        left — left to right within ``width`` pixels from ``left``, then on lines a token
        and a little apart, the block centred in the row. Lines come closer only when even
        the smallest tokens have no room (a 7-player reveal with a seat under 20 tokens),
        so every token shows and at most the lines' edges overlap."""
        if count <= 0:
            return radius, []
        room = row.h - 4
        for rad in range(max(7, radius), 6, -1):
            disc = rad * 2 + 4  # token_disc's size
            per_line = max(1, (width + 1) // (disc + 1))
            lines = -(-count // per_line)
            if disc * lines + 3 * (lines - 1) <= room:
                break
        pitch = disc + 3
        if lines > 1 and disc + pitch * (lines - 1) > room:
            pitch = max(4, (room - disc) // (lines - 1))
        top = row.y + max(2, (row.h - disc - pitch * (lines - 1)) // 2)
        return rad, [(left + (i % per_line) * (disc + 1), top + (i // per_line) * pitch) for i in range(count)]

    def token_weights(self, record: dict) -> dict[int, int]:
        """Seat -> how many times its tokens count (the Magistrate's: 2; docs/rules/testimony.md §1.1)."""
        try:
            cat = catalog()
        except Exception:
            return {}
        return {
            s: cat.characters[c].token_weight
            for s, c in enumerate(record.get("characters") or [])
            if c in cat.characters
        }
