"""Table talk (docs/rules/testimony.md §3.4: talking, claiming and lying are part of the game and carry
no rules weight): one-click claims for the seat behind the screen and, over a LAN, a
chat line. Claims are not engine commands: the hot-seat session keeps them as public
announcements in its save, a LAN table sends them as chat lines (see
``game.ui.scenes.testimony_text.CLAIM_PREFIX``); either way the table records them per
seat, shows the latest on each plate and interleaves them with the game log.

:class:`TalkPanel` is a panel the table owns (``table.talk``): it keeps the chat field
(over a LAN) and where the current game starts in the log. It reads the table's
``source`` (its talk lines, ``say``), ``rects``, ``my_seat`` and ``players``, opens the
table's chooser (``table.prompt``) for a claim's seat or Character, and gives the table
its claim buttons (:meth:`TalkPanel.talk_buttons`)."""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.testimony import catalog
from game.ui import theme
from game.ui.fonts import get_font, render_text
from game.ui.scenes import testimony_text as words
from game.ui.scenes.table.common import MIN_TEXT
from game.ui.scenes.table_base import Prompt, text
from game.ui.scenes.testimony.common import draw_kept, felt_panel, wrapped
from game.ui.widgets import Button, TextField

MAX_CHAT = 200
#: the margin left and right of a claim's label (two columns of them share a narrow panel)
CLAIM_PAD = 4


class TalkPanel:
    """Claims, the chat field and the talk panel (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.picture: tuple | None = None  # (key, the part as drawn)
        self.chat_field: TextField | None = None
        #: (source revision, index of the current game's start in the log)
        self.game_start: tuple[Any, int] | None = None

    # ------------------------------------------------------------------ the lines --
    def talk_lines(self) -> list[dict]:
        fn = getattr(self.table.source, "talk_lines", None)
        try:
            lines = list(fn()) if fn is not None else []
        except Exception:
            return []
        return [ln for ln in lines if isinstance(ln, dict) and isinstance(ln.get("text"), str)]

    def with_talk(self, events: list[dict]) -> list[dict]:
        """The game log with the table talk put where it was said (claims are public
        announcements in hot-seat; chat over a LAN); while the reveal is told, without
        the result's own lines (they come when it is told)."""
        if self.table.telling():
            end = max((i for i, e in enumerate(events) if e.get("type") == "game_end"), default=None)
            if end is not None:
                events = events[: end + 1] + [
                    e for e in events[end + 1 :] if e.get("type") not in ("reveal", "first_player", "match_over")
                ]
        lines = self.talk_lines()
        if not lines:
            return events
        out: list[dict] = []
        pending = sorted(lines, key=lambda ln: ln.get("at", 0) if isinstance(ln.get("at"), int) else 0)
        i = 0
        players = list(self.table.source.players)
        for index, event in enumerate(events):
            out.append(event)
            while i < len(pending) and (pending[i].get("at") or 0) <= index + 1:
                ln = pending[i]
                name = words.seat_name(ln.get("seat"), players) if ln.get("seat") is not None else ln.get("name")
                body = ln["text"]
                if words.is_claim(body):
                    body = "claims: " + body[len(words.CLAIM_PREFIX) :]
                out.append({"type": "talk", "name": name, "text": body, "seat": ln.get("seat")})
                i += 1
        for ln in pending[i:]:
            out.append({"type": "talk", "name": ln.get("name"), "text": ln["text"], "seat": ln.get("seat")})
        return out

    def claims_of(self, seat: int) -> list[str]:
        """The claims ``seat`` made in the game being played, oldest first, without the
        claim flag (a new game deals new Characters: last game's claims stay in the log
        but leave the plates)."""
        start = self.game_start_index()
        return [
            ln["text"][len(words.CLAIM_PREFIX) :]
            for ln in self.talk_lines()
            if ln.get("seat") == seat
            and words.is_claim(ln["text"])
            and (not isinstance(ln.get("at"), int) or ln["at"] > start)
        ]

    def game_start_index(self) -> int:
        """How many log events came before the current game's ``game_start`` (0: the first
        game, or no log); a line said with ``at`` above this was said in this game."""
        revision = getattr(self.table.source, "revision", None)
        cached = self.game_start
        if cached is not None and revision is not None and cached[0] == revision:
            return cached[1]
        log = self.table.source.log()
        start = max((i for i, e in enumerate(log) if e.get("type") == "game_start"), default=0)
        self.game_start = (revision, start)
        return start

    def can_talk(self) -> bool:
        return getattr(self.table.source, "say", None) is not None

    def chat_enabled(self) -> bool:
        """A free chat line only where people cannot simply talk: over a LAN."""
        return self.can_talk() and getattr(self.table.source, "client", None) is not None

    def say(self, line: str) -> None:
        fn = getattr(self.table.source, "say", None)
        if fn is None:
            self.table.toast("This table has no table talk.")
            return
        problem = fn(line)
        if problem:
            self.table.toast(str(problem))
        else:
            self.table.play_sound("click")
        self.table.sync(force=True)

    # ------------------------------------------------------------------ claiming --
    def claim(self, key: str) -> None:
        """A claim button: ask for the seat and / or Character it names, then say it."""
        if self.table.my_seat() is None:
            self.table.toast(self.hint())
            return
        needs_seat, needs_character = words.claim_needs(key)
        players = list(self.table.source.players)

        def with_character(seat: Any) -> None:
            if not needs_character:
                self.say(words.claim_text(key, players, seat=seat))
                return
            self.table.prompt = Prompt(
                "Which Character?",
                [(words.character_name(c), c) for c in self.character_ids()],
                lambda c: self.say(words.claim_text(key, players, seat=seat, character=c)),
                anchor=self.talk_anchor(),
            )

        if needs_seat:
            others = [s for s in range(self.table.players) if s != self.table.my_seat()]
            self.table.prompt = Prompt(
                "About whom?",
                [(words.seat_name(s, players), s) for s in others],
                with_character,
                anchor=self.talk_anchor(),
            )
        else:
            with_character(None)

    def character_ids(self) -> list[str]:
        try:
            return list(catalog().characters)
        except Exception:
            return []

    def talk_anchor(self) -> tuple[int, int]:
        r = pygame.Rect(self.table.rects["talk"])
        return (r.right + 140, r.centery)

    # ----------------------------------------------------------------- the panel --
    def talk_geometry(self) -> dict[str, Any]:
        r = pygame.Rect(self.table.rects["talk"])
        size = max(12, min(16, r.h // 28, r.w // 24))
        hint_size = max(11, size - 3)
        hint = wrapped(self.hint(), hint_size, r.w - 20)  # a narrow panel takes it on two lines
        head_h = size * 2 + 12 + (len(hint) - 1) * (get_font(hint_size).get_linesize() + 2)
        cols = 2
        bh = max(24, min(32, (r.h - head_h) // 12))
        rows = (len(words.CLAIMS) + cols - 1) // cols
        bw = (r.w - 24 - 8 * (cols - 1)) // cols
        buttons = []
        for i in range(len(words.CLAIMS)):
            row, col = divmod(i, cols)
            buttons.append(pygame.Rect(r.x + 12 + col * (bw + 8), r.y + head_h + row * (bh + 6), bw, bh))
        claims_bottom = r.y + head_h + rows * (bh + 6)
        chat = pygame.Rect(r.x + 12, r.bottom - bh - 10, r.w - 24, bh) if self.chat_enabled() else None
        lines = pygame.Rect(
            r.x + 12, claims_bottom + 4, r.w - 24, (chat.y if chat else r.bottom - 6) - claims_bottom - 8
        )
        return {"zone": r, "size": size, "buttons": buttons, "chat": chat, "lines": lines, "hint": (hint_size, hint)}

    def hint(self) -> str:
        """The line under the panel's title: what a claim is, or who makes them here."""
        if self.table.my_seat() is not None:
            return "Claims carry no rules weight \u2014 anyone may lie."
        if self.table.watching():
            return "Players make claims; a spectator may chat."
        return "Claims are made by the player behind the screen."

    def talk_buttons(self) -> list[Button]:
        if "talk" not in self.table.rects or not self.can_talk():
            return []
        g = self.talk_geometry()
        enabled = self.table.my_seat() is not None
        size = max(11, g["size"] - 2)
        # small buttons keep a small margin; where a claim's label would still not read
        # whole at the least size (the table's buttons step down to it), the short labels
        room = min(r.w for r in g["buttons"]) - 2 * CLAIM_PAD
        least = get_font(MIN_TEXT, bold=True)
        short = any(least.size(label)[0] > room for _k, label, _s in words.CLAIMS)
        out = []
        for (key, label, _sentence), rect in zip(words.CLAIMS, g["buttons"]):
            out.append(
                Button(
                    rect,
                    words.SHORT_CLAIM_LABELS.get(key, label) if short else label,
                    lambda k=key: self.claim(k),
                    enabled=enabled,
                    font_size=size,
                    name=f"claim:{key}",
                    pad=CLAIM_PAD,
                )
            )
        return out

    def make_chat_field(self) -> None:
        g = self.talk_geometry() if "talk" in self.table.rects else None
        if g is None or g["chat"] is None:
            self.chat_field = None
            return
        if self.chat_field is None:
            self.chat_field = TextField(
                g["chat"],
                placeholder="Say something to the table (Enter)",
                max_len=MAX_CHAT,
                on_submit=self.send_chat,
                font_size=g["size"],
                name="chat",
            )
        else:
            self.chat_field.set_rect(g["chat"])
            self.chat_field.font_size = g["size"]

    def send_chat(self, line: str) -> None:
        line = " ".join(line.split())
        if not line:
            return
        if self.chat_field is not None:
            self.chat_field.set_text("")
        self.say(line)

    def picture_key(self) -> tuple:
        """Everything the talk panel shows (its lines: the last 20 said)."""
        lines = tuple((ln.get("seat"), ln.get("name"), ln.get("text")) for ln in self.talk_lines()[-20:])
        return (lines, self.table.my_seat() is not None, self.chat_enabled())

    def draw(self, surface: pygame.Surface) -> None:
        """From the kept picture while it shows the same (:func:`draw_kept`)."""
        if "talk" in self.table.rects:
            draw_kept(self, surface, self.table.rects["talk"], self.picture_key(), self.paint)

    def paint(self, surface: pygame.Surface) -> None:
        if "talk" not in self.table.rects:
            return
        g = self.talk_geometry()
        r, size = g["zone"], g["size"]
        felt_panel(surface, r, alpha=215)
        head = text("Table talk", size + 2, theme.PARCHMENT, bold=True)
        surface.blit(head, (r.x + 10, r.y + 6))
        hint_size, hint = g["hint"]
        y = r.y + 8 + head.get_height()
        for line in hint:
            surface.blit(text(line, hint_size, theme.TEXT_MUTED), (r.x + 10, y))
            y += get_font(hint_size).get_linesize()
        box = g["lines"]
        font = get_font(max(11, size - 1))
        players = list(self.table.source.players)
        rows: list[tuple[str, tuple]] = []
        for ln in self.talk_lines()[-20:]:
            speaker = (
                words.seat_name(ln.get("seat"), players)
                if ln.get("seat") is not None
                else str(ln.get("name") or "spectator")
            )
            body = ln["text"]
            claim = words.is_claim(body)
            if claim:
                body = body[len(words.CLAIM_PREFIX) :]
            colour = theme.seat_color(ln["seat"]) if isinstance(ln.get("seat"), int) else theme.TEXT_MUTED
            for part in wrapped(f"{speaker}: {body}", max(11, size - 1), box.w - 4):
                rows.append((part, theme.lighten(colour, 0.35) if claim else theme.TEXT_LIGHT))
        room = max(0, box.h // font.get_linesize())
        y = box.y
        for part, colour in rows[-room:] if room else []:
            surface.blit(render_text(part, max(11, size - 1), colour), (box.x + 2, y))
            y += font.get_linesize()
        if not rows and room:
            empty = "Nothing said yet." if self.chat_enabled() else "Nothing claimed yet. Talk out loud, too!"
            surface.blit(render_text(empty, max(11, size - 1), theme.TEXT_MUTED), (box.x + 2, box.y))
