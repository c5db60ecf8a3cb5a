"""Private prompts of the blind windows (salem.md §5): Dawn, the Night vote, the Gavel,
confessions, Conspiracy picks and the Town Hall choice.

Every seat asked gets the same box, the same size, in the same place, whatever its
role: a seat with nothing to do there reads "The town sleeps" and presses Continue; a
witch picks a name and presses Continue; the Constable likewise. So a player waiting
for the screen learns nothing from what the other one saw or how the box looked, and
in hot-seat every seat takes the same screens (curtain, prompt). The box lists what
``legal()`` offers; Continue sends the chosen command (or ``pass``).

:class:`PromptsPanel` is a panel the table owns (``table.window``): it keeps the
choice made in the box, the commands its choices stand for, the words asked and where
the box lies while open. It reads the table's ``view``, ``legal_cmds``, ``rects``,
``name``, ``is_night`` and the seat panel's Tryal cards (a Conspiracy pick or a
confession may be chosen on the table itself), and acts through ``table.submit`` (the
choices are buttons of the table: ``table.make_buttons`` asks :meth:`make_buttons`).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.scenes.salem import words
from game.ui.scenes.table.common import translucent_fill
from game.ui.scenes.table_base import MIN_TEXT, text
from game.ui.widgets import Button

SLEEP_TEXT = {
    "dawn": "The town sleeps. Keep your eyes closed while the witches give away the Black Cat.",
    "night_vote": "The town sleeps. Keep your eyes closed while the witches choose.",
    "gavel": "The town sleeps. Keep your eyes closed while the Constable keeps watch.",
}
ASK_TEXT = {
    "dawn": "You are a witch. Give the Black Cat to a player (the witches may keep it).",
    "night_vote": "You are a witch. Choose who dies tonight.",
    "gavel": "You are the Constable. Put the Gavel on a player: they cannot be killed tonight.",
    "confess": "You may confess: turn up one of your Tryal cards and you are safe tonight. "
    "Confessing a Witch or your last card kills you.",
    "conspiracy": "Take one Tryal card, unseen, from the row on your left.",
    "keep_character": "Keep one of the two Town Hall characters you were dealt.",
}


def pad_of(box: pygame.Rect) -> int:
    """The prompt box's inner margin."""
    return max(8, box.h // 24)


class PromptsPanel:
    """The window prompt: its box, its option buttons and Continue."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.choice: Any = None  # the key of the option chosen in the box
        self.commands: dict[Any, dict] = {}  # option key -> its command
        self.ask = ""  # what the box asks the seat on screen
        self.box: pygame.Rect | None = None  # where the box lies while open
        self.pieces: tuple | None = None  # its words, laid out and rendered

    def pending(self) -> dict | None:
        """The open blind window, when the seat on screen must answer it now."""
        p = self.table.view.get("pending") or {}
        seat = self.table.view.get("seat")
        if p.get("kind") != "window" or seat is None or seat not in (p.get("waiting") or []):
            return None
        return p

    def rect(self) -> pygame.Rect:
        """One box for every window prompt (same size for every seat and role)."""
        center = pygame.Rect(self.table.rects["center"])
        h = center.h
        w = min(center.w - 20, int(h * 2.1))
        return pygame.Rect(center.centerx - w // 2, center.y, w, h)

    def window_options(self, p: dict) -> tuple[str, list[tuple[str, dict]]]:
        """(what is asked, [(label, command)]) for the seat on screen; [] = it sleeps."""
        name = p.get("window")
        cmds = [c for c in self.table.legal_cmds if c.get("type") != "pass"]
        if not cmds:
            return SLEEP_TEXT.get(name, "The town sleeps."), []
        if name in ("dawn", "night_vote", "gavel"):
            return ASK_TEXT[name], [(self.table.name(c["target"]), c) for c in cmds]
        if name == "confess":
            row = self.table.view.get("my_row") or []
            out = []
            for c in cmds:
                if c["type"] == "confess":
                    kind = row[c["index"]]["kind"] if c["index"] < len(row) else "?"
                    out.append((f"Card {c['index'] + 1}: {words.TRYAL_NAMES.get(kind, kind)}", c))
                else:
                    out.append(("Confess without a card (Phips)", c))
            return ASK_TEXT[name], out
        if name == "conspiracy":
            duties = [d for d in p.get("picks") or [] if d.get("index") is None]
            if not duties:
                return ASK_TEXT[name], []
            duty = duties[0]
            mine = duty["taker"] == self.table.view.get("seat")
            giver = self.table.name(duty["giver"])
            ask = (
                f"Take one of {giver}'s {duty['row_count']} Tryal cards, unseen."
                if mine
                else f"Choose the card {self.table.name(duty['taker'])} (a ghost) takes from {giver}'s row."
            )
            out = [
                (f"{giver}'s card {c['index'] + 1}", c)
                for c in cmds
                if c.get("taker", self.table.view.get("seat")) == duty["taker"]
            ]
            return ask, out
        if name == "keep_character":
            return ASK_TEXT[name], [(words.character_name(c["character"]), c) for c in cmds]
        return "Answer.", [(c["type"], c) for c in cmds]

    def votes_text(self, p: dict) -> str:
        """The other witches' votes so far, as the witches see them ('' when none)."""
        votes = p.get("votes")
        if not votes:
            return ""
        return "Votes so far: " + ", ".join(
            f"{self.table.name(v['seat'])} \u2192 {self.table.name(v['target'])}" for v in votes
        )

    def window_layout(self, box: pygame.Rect, ask: str, votes: str, options: int) -> dict:
        """Where the prompt's words and choices go inside its box (one size for every seat):
        the title, what is asked, the votes so far, then the grid of choices BELOW all
        the words (at 12 players the votes line once lay under the first row of names)
        and Continue at the bottom. The words step down to 11 px until the grid has room."""
        pad = pad_of(box)
        bh = max(26, min(40, box.h // 9))
        tsize = max(16, min(26, box.h // 12))
        top = box.y + pad + tsize + 10
        cont_top = box.bottom - pad - bh
        cols = 3 if options > 6 else 2 if options > 2 else max(1, options)
        rows = max(1, -(-options // cols))
        width = box.w - 2 * pad
        for size in range(max(14, min(20, box.h // 14)), MIN_TEXT - 1, -1):
            font = get_font(size)
            ask_lines = wrap_text(ask, font, width)
            vsize = max(MIN_TEXT, size - 3)
            vote_lines = wrap_text(votes, get_font(vsize), width) if votes else []
            bottom = top + len(ask_lines) * font.get_linesize() + len(vote_lines) * get_font(vsize).get_linesize()
            grid_top = max(bottom + 8, box.y + pad + int(box.h * 0.30))
            if not options or (cont_top - 10 - grid_top) // rows >= 28 or size == MIN_TEXT:
                break
        return {
            "pad": pad,
            "bh": bh,
            "tsize": tsize,
            "size": size,
            "ask": ask_lines,
            "ask_top": top,
            "vsize": vsize,
            "votes": vote_lines,
            "text_bottom": bottom,
            "cols": cols,
            "rows": rows,
            "grid": pygame.Rect(box.x + pad, grid_top, width, cont_top - 10 - grid_top),
        }

    def make_buttons(self, p: dict) -> list[Button]:
        box = self.rect()
        ask, options = self.window_options(p)
        self.ask = ask
        buttons: list[Button] = []
        keys = [tuple(sorted(c.items())) for _, c in options]
        if self.choice not in keys:
            self.choice = None
        layout = self.window_layout(box, ask, self.votes_text(p), len(options))
        pad, bh, grid, cols, rows = layout["pad"], layout["bh"], layout["grid"], layout["cols"], layout["rows"]
        size = max(12, min(18, bh // 2))
        cell_h = min(bh + 6, grid.h // rows) if options else bh
        cell_w = grid.w // cols
        for i, (label, _cmd) in enumerate(options):
            r, c = divmod(i, cols)
            rect = (grid.x + c * cell_w + 3, grid.y + r * cell_h, cell_w - 6, max(22, cell_h - 6))
            key = keys[i]
            style = "primary" if key == self.choice else "normal"
            buttons.append(
                Button(
                    rect,
                    label,
                    lambda k=key: self.choose_option(k),
                    style=style,
                    font_size=max(11, min(size, (cell_h - 6) // 2)),
                    hotkey=str(i + 1) if i < 9 else None,
                    name=f"option:{i}",
                )
            )
        chosen = next((cmd for k, (_, cmd) in zip(keys, options) if k == self.choice), None)
        if not options or chosen is not None:
            label = "Continue"
        elif p.get("window") == "confess":
            label = "Continue without confessing"
        else:
            label = "Choose, then Continue"
        enabled = not options or chosen is not None or p.get("window") == "confess"
        cw = min(box.w - 2 * pad, max(220, get_font(size + 2, bold=True).size(label)[0] + 40))
        cont = Button(
            (box.centerx - cw // 2, box.bottom - pad - bh, cw, bh),
            label,
            self.go_on,
            style="primary",
            font_size=size + 2,
            hotkey=uinput.CONFIRM,
            name="continue",
            enabled=enabled,
        )
        buttons.append(cont)
        self.commands = dict(zip(keys, (c for _, c in options)))
        return buttons

    def row_choices(self) -> dict[tuple[int, int], Any]:
        """Tryal cards on the table that stand for a choice in the open prompt: the
        giver's row at a Conspiracy pick, one's own row at confessions."""
        p = self.pending()
        if p is None:
            return {}
        name = p.get("window")
        seat = self.table.view.get("seat")
        out: dict[tuple[int, int], Any] = {}
        duties = [d for d in p.get("picks") or [] if d.get("index") is None]
        for key, cmd in self.commands.items():
            if cmd.get("type") == "confess" and name == "confess":
                out[(seat, cmd["index"])] = key
            elif cmd.get("type") == "conspiracy_pick" and duties:
                if cmd.get("taker", seat) == duties[0]["taker"]:
                    out[(duties[0]["giver"], cmd["index"])] = key
        return out

    def click_row(self, pos: tuple[int, int]) -> bool:
        hit = self.table.seats.tryal_at(pos)
        key = self.row_choices().get(hit) if hit is not None else None
        if key is None:
            return False
        self.choose_option(key)
        return True

    def draw_row_marks(self, surface: pygame.Surface) -> None:
        for (seat, i), key in self.row_choices().items():
            r = self.table.seats.tryal_rects.get((seat, i))
            if r is not None:
                colour = theme.SELECT if key == self.choice else theme.HIGHLIGHT
                pygame.draw.rect(surface, colour, r.inflate(4, 4), 3 if key == self.choice else 2, border_radius=4)

    def choose_option(self, key: Any) -> None:
        self.choice = None if self.choice == key else key
        self.table.buttons = self.table.make_buttons()
        self.table.dirty = True

    def go_on(self) -> None:
        p = self.pending()
        if p is None:
            return
        cmd = self.commands.get(self.choice) if self.choice is not None else None
        if cmd is None:
            if self.table.legal_cmds and any(c.get("type") == "pass" for c in self.table.legal_cmds):
                cmd = {"type": "pass"}
            else:
                self.table.toast("Choose one first.")
                return
        self.choice = None
        self.table.submit(dict(cmd))

    def draw(self, surface: pygame.Surface) -> None:
        p = self.pending()
        if p is None:
            self.box = None
            return
        self.draw_row_marks(surface)
        box = self.rect()
        self.box = box
        night = self.table.is_night()
        title = words.WINDOW_TITLES.get(p.get("window"), "A secret step")
        options = len([b for b in self.table.buttons if b.name.startswith("option:")])
        votes = self.votes_text(p)
        # laid out and rendered once per wording and place (the box stays on screen for
        # many frames; its choices are buttons, drawn by draw_buttons)
        key = (tuple(box), night, title, self.ask, votes, options)
        hit = self.pieces
        if hit is None or hit[0] != key:
            hit = self.pieces = (key, self.window_prompt_pieces(box, night, title, votes, options))
        fill, edge, images, notes = hit[1]
        surface.blit(fill, box.topleft)  # table_base.panel(surface, box, alpha=246, radius=12, width=3)
        pygame.draw.rect(surface, edge, box, 3, border_radius=12)
        for image, at in images:
            surface.blit(image, at)
        for what, said, shown, rects, area in notes:
            self.table.note_text(what, said, shown, rects, area)
        if not options:
            # the sleeping seat: a quiet picture in the space the choices take for others
            area = pygame.Rect(
                box.x + pad_of(box), box.y + int(box.h * 0.36), box.w - 2 * pad_of(box), int(box.h * 0.42)
            )
            r = max(14, min(area.w, area.h) // 4)
            pygame.draw.circle(surface, theme.MOON, (area.centerx, area.centery), r)
            pygame.draw.circle(
                surface,
                theme.NIGHT_SKY if night else theme.PANEL,
                (area.centerx - r // 2, area.centery - r // 4),
                int(r * 0.85),
            )

    def window_prompt_pieces(self, box: pygame.Rect, night: bool, title: str, votes: str, options: int) -> tuple:
        """What the prompt's box draws: (its translucent fill, its edge colour, [(rendered
        words, where)], the texts noted for the text-fit check as (what, words, shown,
        rects, box))."""
        fill = translucent_fill(box.size, theme.NIGHT_SKY if night else theme.PANEL, 246, 12)
        pad = pad_of(box)
        tsize = max(16, min(26, box.h // 12))
        images = [(text(title, tsize, theme.HIGHLIGHT, bold=True, title=True), (box.x + pad, box.y + pad))]
        layout = self.window_layout(box, self.ask, votes, options)
        ask_box = pygame.Rect(
            box.x + pad,
            layout["ask_top"],
            box.w - 2 * pad,
            layout["grid"].y - 4 - layout["ask_top"] if options else box.bottom - layout["ask_top"],
        )
        notes: list[tuple] = []
        font = get_font(layout["size"])
        y = ask_box.y
        drawn = []
        for line in layout["ask"]:
            image = font.render(line, True, theme.TEXT_LIGHT)
            images.append((image, (ask_box.x, y)))
            drawn.append(image.get_rect(topleft=(ask_box.x, y)))
            y += font.get_linesize()
        notes.append(("window prompt", self.ask, " ".join(layout["ask"]), drawn, ask_box))
        if votes:
            vf = get_font(layout["vsize"])
            drawn = []
            for ln in layout["votes"]:
                image = vf.render(ln, True, theme.TEXT_MUTED)
                images.append((image, (ask_box.x, y)))
                drawn.append(image.get_rect(topleft=(ask_box.x, y)))
                y += vf.get_linesize()
            notes.append(("window votes", votes, " ".join(layout["votes"]), drawn, ask_box))
        return fill, theme.MOON if night else theme.HIGHLIGHT, images, notes
