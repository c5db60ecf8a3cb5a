"""The notebook: what the shown seat has learned this game — every share it took part in
(what it showed, what it was shown) and every investigation (each token it saw, with
placer and side, as it was when it looked) — so nobody has to remember it. Drawn only
from ``view["notebook"]`` (only what the engine let this seat see: docs/rules/testimony.md
§6.2), newest first."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font, render_text
from game.ui.scenes import testimony_text as words
from game.ui.scenes.table_base import text
from game.ui.scenes.testimony.common import draw_kept, felt_panel, token_disc, wrapped
from game.ui.wording import listed


class NotebookPanel:
    """The notebook panel, owned by the table (``table.notebook``); it reads the table's
    ``view``, ``rects``, ``source.players`` and ``my_seat``."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.picture: tuple | None = None  # (key, the part as drawn)

    def picture_key(self) -> tuple:
        """Everything the notebook shows."""
        v = self.table.view
        return (
            self.table.my_seat(),
            v.get("me") is None,
            repr(v.get("notebook")),
            v.get("stage") in ("between", "over"),
            repr([(p.get("seat"), p.get("character")) for p in v.get("players") or []]),
        )

    def notebook_lines(self) -> list[tuple[str, list[dict]]]:
        """(sentence, tokens to draw under it) per entry, newest first. Only the newest
        look at each player is written out: tokens only ever join the ones in front of a
        player (docs/rules/testimony.md §3.2-3.3), so it shows all an older look did; the
        turns of the older looks follow it."""
        players = list(self.table.source.players)
        book = self.table.view.get("notebook") or []
        newest: dict[Any, Any] = {}  # target -> the turn of the newest look at it
        earlier: dict[Any, list[Any]] = {}  # target -> the turns of the older looks, oldest first
        for entry in book:
            if entry.get("kind") == "investigate":
                for look in entry.get("looks") or []:
                    target = look.get("target")
                    if target in newest:
                        earlier.setdefault(target, []).append(newest[target])
                    newest[target] = entry.get("turn")
        out = []
        for entry in reversed(book):
            turn = entry.get("turn")
            if entry.get("kind") == "share":
                other = words.seat_name(entry.get("with"), players)
                gave, got = entry.get("gave"), entry.get("got")
                parts = [f"Turn {turn}: shared with {other}."]
                if gave:
                    parts.append(f"You showed {words.shown_card_words(gave.get('card'), gave.get('character'))}.")
                if got:
                    parts.append(f"{other} showed {words.shown_card_words(got.get('card'), got.get('character'))}.")
                else:
                    parts.append(f"{other} has not shown yet.")
                out.append((" ".join(parts), []))
            elif entry.get("kind") == "investigate":
                for look in entry.get("looks") or []:
                    if newest.get(look.get("target")) != turn:
                        continue  # a newer look at the same player shows all this one did
                    before = earlier.get(look.get("target")) or []
                    also = f" Looked before on turn{'s' if len(before) > 1 else ''} {listed(before)}." if before else ""
                    target = words.seat_name(look.get("target"), players)
                    tokens = look.get("tokens") or []
                    if not tokens:
                        out.append((f"Turn {turn}: looked at {target} \u2014 no tokens.{also}", []))
                        continue
                    acc = sum(1 for t in tokens if t.get("side") == "accuse")
                    by = ", ".join(
                        words.seat_name(t.get("placer"), players) + (" \u2212" if t.get("side") == "accuse" else " +")
                        for t in tokens
                    )
                    out.append(
                        (
                            f"Turn {turn}: looked at {target} \u2014 {acc} accusing, "
                            f"{len(tokens) - acc} defending ({by}).{also}",
                            tokens,
                        )
                    )
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """From the kept picture while it shows the same (:func:`draw_kept`)."""
        draw_kept(self, surface, self.table.rects["notebook"], self.picture_key(), self.paint)

    def paint(self, surface: pygame.Surface) -> None:
        r = pygame.Rect(self.table.rects["notebook"])
        felt_panel(surface, r, alpha=215)
        size = max(12, min(16, r.h // 30, r.w // 24))
        head = text("Notebook", size + 2, theme.PARCHMENT, bold=True)
        surface.blit(head, (r.x + 10, r.y + 6))
        y = r.y + 12 + head.get_height()
        font = get_font(size)
        me = self.table.view.get("me")
        if self.table.my_seat() is None or me is None:
            alone = (
                "Each player's notebook is theirs alone."
                if self.table.watching()
                else "Only the player behind the screen sees their notebook."
            )
            for line in wrapped(alone, size, r.w - 24):
                surface.blit(render_text(line, size, theme.TEXT_MUTED), (r.x + 12, y))
                y += font.get_linesize()
            return
        players = list(self.table.source.players)
        known = [
            (p.get("seat"), p.get("character"))
            for p in self.table.view.get("players") or []
            if p.get("character") and p.get("seat") != self.table.my_seat()
        ]
        if known and self.table.view.get("stage") not in ("between", "over"):
            line = "Characters you have seen: " + ", ".join(
                f"{words.seat_name(s, players)} = {words.character_name(c)}" for s, c in known
            )
            for part in wrapped(line, size, r.w - 24):
                surface.blit(render_text(part, size, theme.SELECT), (r.x + 12, y))
                y += font.get_linesize()
            y += 4
        entries = self.notebook_lines()
        if not entries:
            msg = "Nothing learned yet this game. Share or investigate, and it is written here."
            for line in wrapped(msg, size, r.w - 24):
                surface.blit(render_text(line, size, theme.TEXT_MUTED), (r.x + 12, y))
                y += font.get_linesize()
            return
        rad = max(6, size // 2)
        for i, (sentence, tokens) in enumerate(entries):
            colour = theme.HIGHLIGHT if i == 0 else theme.TEXT_LIGHT
            for line in wrapped(sentence, size, r.w - 24):
                if y + font.get_linesize() > r.bottom - 6:
                    return
                surface.blit(render_text(line, size, colour), (r.x + 12, y))
                y += font.get_linesize()
            if tokens and y + rad * 2 + 4 < r.bottom:
                x = r.x + 16
                for t in tokens:
                    disc = token_disc(rad, theme.seat_color(t.get("placer", 0)), t.get("side"))
                    if x + disc.get_width() > r.right - 8:
                        break
                    surface.blit(disc, (x, y))
                    x += disc.get_width() + 2
                y += rad * 2 + 6
            y += 4
