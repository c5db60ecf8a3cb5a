"""Rules reference: a scrollable summary of a game's rules in our own words, read from
its rules page (``docs/rules/<game>.md``, or the page its table spec names) and drawn
with headings, bullets and wrapping. Every game with a table spec and a rules page has
a tab, in menu order, titled as its rules registered it (``GameInfo.title``).

Wheel, Up / Down, Page Up / Page Down, Home / End scroll; Left / Right or the tabs switch
game; Esc goes back. Beside the page, its contents (the ``##`` sections) jump to a
section, the one being read lit. The table scenes may push ``RulesScene(app, game=...)`` too.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine import GAMES_INFO
from game.paths import bundle_root
from game.ui import input as uinput
from game.ui.input import InputEvent
from game.ui.scene import register_scene
from game.ui.scenes.menu_base import MenuBase
from game.ui.tables import games_in_order, table_spec
from game.ui.widgets import Button, Widget, colour, draw_panel, fit_row, fit_text, font, text_surface, wrap

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


def rules_dir() -> Path:
    return bundle_root() / "docs" / "rules"


def game_title(game: str) -> str:
    """A game's title as its rules registered it (the id for a game without rules)."""
    info = GAMES_INFO.get(game)
    return info.title if info is not None else game


def rules_page(game: str) -> Path:
    """The rules page of ``game``: the one its table spec names, else docs/rules/<game>.md."""
    spec = table_spec(game)
    return spec.rules_page if spec is not None else rules_dir() / f"{game}.md"


def available_rules() -> list[str]:
    """Every game with a table and a rules page, in menu order."""
    return [g for g in games_in_order() if rules_page(g).is_file()]


@dataclass(frozen=True)
class Block:
    """One piece of the page: kind is h1, h2, h3, p, li, or th / tr (a table's header and
    one of its rows, the cells joined)."""

    kind: str
    text: str


#: how a table's cells are joined on one line of the page
CELL_SEPARATOR = " \u00b7 "


def _inline(text: str) -> str:
    """Drop Markdown's inline marks: a `code span` keeps its text exactly (underscores
    and all), *emphasis* and **strong** keep their words."""
    out = []
    for part in re.split(r"(`[^`]*`)", text):
        if len(part) >= 2 and part[0] == part[-1] == "`":
            out.append(part[1:-1])
        else:
            out.append(re.sub(r"(\*{1,2}|(?<!\w)_{1,2})(\S(?:.*?\S)?)\1(?!\w)", r"\2", part))
    return "".join(out)


def _cells(line: str) -> list[str]:
    return [_inline(cell.strip()) for cell in line.strip().strip("|").split("|")]


#: a line of a rules page that keeps what follows it off the page the app shows: the next
#: section (a "##" heading and all up to the next "##" or "#"), or else the next paragraph.
#: The pages are also the developers' reference (commands, views, the tests' scenarios),
#: which a player reading the rules has no use for.
NOT_IN_APP = "<!-- reference only -->"


def for_players(text: str) -> str:
    """A rules page without what :data:`NOT_IN_APP` marks, and without HTML comments."""
    out: list[str] = []
    skip: str | None = None  # "next": the marker was read; "section" or "paragraph": dropping
    for line in text.splitlines():
        stripped = line.strip()
        if stripped == NOT_IN_APP:
            skip = "next"
            continue
        if skip == "next":
            if stripped:
                skip = "section" if stripped.startswith("## ") else "paragraph"
            continue
        if skip == "section" and re.match(r"^#{1,2}\s", stripped) or skip == "paragraph" and not stripped:
            skip = None
        if skip is not None or (stripped.startswith("<!--") and stripped.endswith("-->")):
            continue
        out.append(line)
    return "\n".join(out)


def parse_rules(text: str) -> list[Block]:
    """A small Markdown subset: #/##/### headings, "-" or "1." list items, paragraphs
    (consecutive lines joined), tables of "|" rows (the first row is the header, the
    "|---|" row is dropped, a row's empty "-" cells too). Emphasis and code marks are
    dropped."""
    blocks: list[Block] = []
    para: list[str] = []
    in_table = False

    def flush() -> None:
        if para:
            blocks.append(Block("p", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        stripped = raw.strip()
        if stripped.startswith("|"):
            flush()
            cells = _cells(stripped)
            if all(re.fullmatch(r":?-+:?", cell) for cell in cells):
                continue
            if in_table:  # an empty cell ("-") says nothing on a line of its own
                cells = [cell for cell in cells if cell not in ("", "-")]
            blocks.append(Block("tr" if in_table else "th", CELL_SEPARATOR.join(cells)))
            in_table = True
            continue
        in_table = False
        line = _inline(raw.rstrip())
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        m = re.match(r"^(#{1,3})\s+(.*)$", stripped)
        if m:
            flush()
            blocks.append(Block(f"h{len(m.group(1))}", m.group(2)))
            continue
        m = re.match(r"^(?:[-*]|\d+\.)\s+(.*)$", stripped)
        if m:
            flush()
            number = re.match(r"^(\d+)\.", stripped)
            blocks.append(Block("li", (number.group(1) + ". " if number else "") + m.group(1)))
            continue
        if raw.startswith("  ") and blocks and blocks[-1].kind == "li" and not para:
            blocks[-1] = Block("li", blocks[-1].text + " " + stripped)  # a list item's second line
            continue
        para.append(stripped)
    flush()
    return blocks


class SectionLink(Button):
    """A line of the contents: the section's heading, left-aligned, lit while that
    section is the one being read (``current()``)."""

    def __init__(self, rect, label: str, on_click, current, font_size: int, name: str) -> None:
        super().__init__(rect, label, on_click, font_size=font_size, name=name, pad=8)
        self.current = current

    def shown(self, lit: bool = False) -> tuple[int, str]:
        """(font size, text) the heading is drawn with: a long heading steps its text down
        a little before it is cut."""
        size = self.font_size
        while size > max(12, self.font_size - 3) and font(size, lit).size(self.label)[0] > self.label_room - 4:
            size -= 1
        return size, fit_text(self.label, size, self.label_room - 4, bold=lit)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        lit = self.current()
        if lit or self.hover or self.focused:
            fill = colour("button") if not lit else tuple(min(255, c + 28) for c in colour("button"))
            pygame.draw.rect(surface, fill, self.rect, border_radius=6)
        if lit:
            bar = pygame.Rect(self.rect.x, self.rect.y + 3, 4, self.rect.h - 6)
            pygame.draw.rect(surface, colour("accent"), bar, border_radius=2)
        size, label = self.shown(lit)
        text = text_surface(label, size, colour("accent" if lit else "text"), bold=lit)
        surface.blit(text, text.get_rect(midleft=(self.rect.x + self.pad + 4, self.rect.centery)))
        self.draw_focus(surface)


class RulesScene(MenuBase):
    title = "Rules"

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        self.games = available_rules()
        self.game = game if game in self.games else (self.games[0] if self.games else None)
        self.scroll = 0
        self._page: pygame.Surface | None = None
        self._page_key: tuple | None = None
        #: where each section (``##`` heading) begins on the rendered page, in order
        self._section_y: list[int] = []
        self._blocks: tuple[str | None, list[Block]] = (None, [])

    def blocks(self) -> list[Block]:
        """The rules page of the game shown, parsed once (a line saying so when it is missing)."""
        if self._blocks[0] != self.game or not self._blocks[1]:
            self._blocks = (self.game, self._read_blocks())
        return self._blocks[1]

    def _read_blocks(self) -> list[Block]:
        if self.game is None:
            return [Block("p", "No rules text is installed.")]
        try:
            return parse_rules(for_players(rules_page(self.game).read_text(encoding="utf-8")))
        except OSError as exc:
            log.warning("rules text for %s cannot be read: %s", self.game, exc)
            return [Block("p", "The rules text for this game is missing from this installation.")]

    def sections(self) -> list[str]:
        """The page's sections (its ``##`` headings), in order."""
        return [b.text for b in self.blocks() if b.kind == "h2"]

    def _contents_width(self) -> int:
        """The contents column's width, or 0 when the window leaves no room for it beside
        a page of readable width."""
        w, _h = self.app.size
        # wide enough for the longest headings at the links' own size ("6. Tests and when
        # cards may be played" was cut, and others stepped down) where the page keeps
        # 700 px beside it; never under 250
        cw = max(self.px(250), min(self.px(330), w - 60 - self.px(16) - self.px(700)))
        return cw if w - 60 - cw - self.px(16) >= self.px(620) else 0

    def _area(self) -> pygame.Rect:
        w, h = self.app.size
        cw = self._contents_width()
        side = cw + self.px(16) if cw else 0
        aw = min(w - 60 - side, self.px(900))
        top = self.px(150)
        left = w // 2 - (aw + side) // 2 + side
        return pygame.Rect(left, top, aw, h - top - self.px(100))

    def current_section(self) -> int:
        """The section being read: the last one that begins at or above the top of the view."""
        here = -1
        for i, y in enumerate(self._section_y):
            if y <= self.scroll + self.px(8):
                here = i
        return here

    def jump(self, index: int) -> None:
        """Scroll the page to section ``index``."""
        self.page()
        if 0 <= index < len(self._section_y):
            self.scroll = max(0, min(self.max_scroll(), self._section_y[index]))
            self.dirty = True

    def build(self, w: int, h: int) -> list[Widget]:
        widgets: list[Widget] = []
        tab_h, gap = self.px(44), self.px(10)
        # one tab per game, each title whole: as wide as it needs, the font smaller when
        # every game's tab would not fit the window
        titles = [game_title(g) for g in self.games]
        widths, size = fit_row(titles, self.px(20), w - self.px(40), gap=gap, pad=self.px(36), min_width=self.px(150))
        x = w // 2 - (sum(widths) + gap * max(0, len(widths) - 1)) // 2
        for g, title, tab_w in zip(self.games, titles, widths):
            widgets.append(
                Button(
                    (x, self.px(96), tab_w, tab_h),
                    title,
                    lambda g=g: self.show(g),
                    style="primary" if g == self.game else "normal",
                    font_size=size,
                    name=f"rules_{g}",
                )
            )
            x += tab_w + gap
        bw, bh = self.px(220), self.px(52)
        widgets.append(
            Button(
                (w // 2 - bw // 2, h - bh - self.px(26), bw, bh), "Back", self.back, font_size=self.px(22), name="back"
            )
        )
        self._page = None
        widgets.extend(self.contents())
        return widgets

    def contents(self) -> list[Widget]:
        """The contents column left of the page: a link a section, each as tall as the
        column lets them be (none when the window is too narrow for it)."""
        cw = self._contents_width()
        sections = self.sections()
        if not cw or not sections:
            return []
        area = self._area()
        gap = self.px(3)
        head = self.px(30)
        lh = min(self.px(34), (area.h - head) // len(sections) - gap)
        if lh < 18:
            return []
        size = max(12, min(self.px(18), lh - self.px(10)))
        x = area.x - self.px(16) - cw
        links: list[Widget] = []
        y = area.y + head
        for i, heading in enumerate(sections):
            links.append(
                SectionLink(
                    (x, y, cw, lh),
                    heading,
                    lambda i=i: self.jump(i),
                    lambda i=i: self.current_section() == i,
                    font_size=size,
                    name=f"section_{i}",
                )
            )
            y += lh + gap
        return links

    def focus_first(self) -> None:
        back = self.ring.find("back")
        if back is not None:
            self.ring.focus_on(back)

    def show(self, game: str) -> None:
        self.game = game
        self.scroll = 0
        self.rebuild()

    # ---------------------------------------------------------------- the page ----
    def page(self) -> pygame.Surface:
        """The whole rules text rendered once per game and width (scrolling just blits)."""
        area = self._area()
        key = (self.game, area.w, self.scale)
        if self._page is not None and self._page_key == key:
            return self._page
        width = area.w - self.px(60)
        pieces: list[tuple[int, pygame.Surface]] = []  # (x indent, line surface)
        gaps: list[int] = []
        starts: list[int] = []  # the pieces that begin a section
        blocks = self.blocks()
        styles = {
            "h1": (self.px(34), True, True, "accent", self.px(6)),
            "h2": (self.px(27), True, True, "accent", self.px(18)),
            "h3": (self.px(23), True, False, "text", self.px(12)),
            "p": (self.px(20), False, False, "text", self.px(8)),
            "li": (self.px(20), False, False, "text", self.px(4)),
            "th": (self.px(20), True, False, "accent", self.px(12)),
            "tr": (self.px(20), False, False, "text", self.px(4)),
        }
        for block in blocks:
            size, bold, title, col, gap_before = styles[block.kind]
            indent = self.px(28) if block.kind in ("li", "tr") else 0
            lines = wrap(block.text, size, width - indent, bold)
            if block.kind == "h2":
                starts.append(len(pieces))
            for i, line in enumerate(lines):
                surf = text_surface(line, size, colour(col), bold, title)
                pieces.append((indent, surf))
                gaps.append(gap_before if i == 0 else 0)
                if block.kind == "li" and i == 0 and not re.match(r"^\d+\. ", block.text):
                    pieces.append((-1, surf))  # marker: draw a bullet beside this line
                    gaps.append(0)
        total = sum(g + s.get_height() for (x, s), g in zip(pieces, gaps) if x >= 0) + self.px(40)
        page = pygame.Surface((width, max(total, 10)), pygame.SRCALPHA)
        y = 0
        last_y = 0
        self._section_y = []
        begins = set(starts)
        for k, ((x, surf), gap) in enumerate(zip(pieces, gaps)):
            if x < 0:  # bullet for the line just drawn
                r = self.px(4)
                pygame.draw.circle(page, colour("accent"), (self.px(12), last_y + surf.get_height() // 2), r)
                continue
            y += gap
            if k in begins:
                self._section_y.append(max(0, y - gap // 2))
            page.blit(surf, (x, y))
            last_y = y
            y += surf.get_height()
        self._page, self._page_key = page, key
        return page

    def max_scroll(self) -> int:
        return max(0, self.page().get_height() - (self._area().h - self.px(30)))

    def scroll_by(self, dy: int) -> None:
        old = self.scroll
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))
        if self.scroll != old:
            self.dirty = True

    def handle(self, event: InputEvent) -> None:
        step = font(self.px(20)).get_linesize()
        page = self._area().h - step * 2
        if event.kind == uinput.WHEEL:
            self.scroll_by(-event.dy * step * 3)
            return
        if event.kind == uinput.KEY:
            scrolls = {
                uinput.DOWN: step,
                uinput.UP: -step,
                uinput.PAGE_DOWN: page,
                uinput.PAGE_UP: -page,
                uinput.HOME: -(10**9),
                uinput.END: 10**9,
            }
            scroll = next((scrolls[a] for a in event.actions if a in scrolls), None)
            if scroll is not None:
                self.scroll_by(scroll)
                return
            if event.is_action(uinput.LEFT, uinput.RIGHT) and self.game in self.games and len(self.games) > 1:
                i = (self.games.index(self.game) + (1 if event.is_action(uinput.RIGHT) else -1)) % len(self.games)
                self.show(self.games[i])
                return
        super().handle(event)

    def draw_extra(self, surface: pygame.Surface) -> None:
        area = self._area()
        cw = self._contents_width()
        if cw and self.sections():
            column = pygame.Rect(area.x - self.px(16) - cw, area.y, cw, area.h)
            label = text_surface("Contents", self.px(18), colour("text_dim"), True)
            surface.blit(label, (column.x + self.px(12), column.y + self.px(4)))
        draw_panel(surface, area)
        page = self.page()
        inner = area.inflate(-self.px(60), -self.px(30))
        self.scroll = max(0, min(self.max_scroll(), self.scroll))
        surface.blit(page, inner.topleft, pygame.Rect(0, self.scroll, inner.w, inner.h))
        if self.max_scroll() > 0:
            frac = inner.h / page.get_height()
            bar_h = max(self.px(30), int(area.h * frac))
            top = area.y + int((area.h - bar_h) * self.scroll / self.max_scroll())
            pygame.draw.rect(
                surface, colour("panel_edge"), (area.right - self.px(12), top, self.px(6), bar_h), border_radius=3
            )


register_scene("rules", RulesScene)
