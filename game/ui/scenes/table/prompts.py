"""The small choosers (Prompt: accuser, bribe sign, plea …) and click-a-target picks
(Pick), the table's public banner (TableBanner), and the panel that draws and answers
them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font, render_text, wrap_text
from game.ui.scenes.table.common import MIN_TEXT, Target, panel
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table.text_fit import blit_text, fit_lines
from game.ui.widgets import Banner, draw_panel

#: the muted line under a chooser's rows: how to close it without choosing
CHOOSER_FOOT = "Esc or a click outside: cancel"


@dataclass
class Prompt:
    """A small choice box (accuser, bribe sign, witch on a tie, pyre placement …).

    ``options`` are (label, value) pairs; ``default`` is lit first; keys: Up/Down/Tab
    cycle, 1-9 pick, Enter confirms, Esc cancels."""

    title: str
    options: list[tuple[str, Any]]
    on_choose: Callable[[Any], None]
    on_cancel: Callable[[], None] | None = None
    default: int = 0
    anchor: tuple[int, int] = (0, 0)
    cursor: int = 0
    rects: list[pygame.Rect] = field(default_factory=list)
    box: pygame.Rect | None = None
    #: what the box must not cover: the card dropped to open it, lying where it was let go
    #: (its title tab would poke out above the chooser)
    avoid: pygame.Rect | None = None
    #: that card's sprite: drawn above the panels like a held card (``draw_dragged``)
    waiting: Any = field(default=None, repr=False, compare=False)
    #: where the box was put last, and for what (box size, anchor, what it keeps clear of)
    placed: tuple | None = field(default=None, repr=False, compare=False)
    #: rows the box shows at most; a longer list goes a page at a time, its last row
    #: turning the page ("More…"). The box lowers it when the rows would not fit the window
    page: int = 12
    #: the rows a page holds where the window has room (``page`` comes back to it when the
    #: window grows again)
    most_rows: int = field(default=0, repr=False, compare=False)
    #: the option each row drawn stands for (None: the row that turns the page), row by row
    shown: list[int | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.cursor = self.default
        self.most_rows = self.most_rows or self.page

    def paged(self) -> bool:
        return len(self.options) > self.page

    def rows(self) -> list[tuple[str, int | None]]:
        """The rows of the page the cursor is on: (label, option index), the page's last
        row (label, None) when the list goes on ("More… (n more)", or back to the first
        page from the last)."""
        n = len(self.options)
        if not self.paged():
            return [(label, i) for i, (label, _v) in enumerate(self.options)]
        per = self.page - 1
        start = self.cursor // per * per
        rows: list[tuple[str, int | None]] = [(self.options[i][0], i) for i in range(start, min(n, start + per))]
        rest = n - start - per
        rows.append((f"More… ({rest} more)" if rest > 0 else "Back to the first page", None))
        return rows

    def heading(self) -> str:
        """The title, with which page is open when the list goes a page at a time."""
        if not self.paged():
            return self.title
        per = self.page - 1
        return f"{self.title} (page {self.cursor // per + 1} of {-(-len(self.options) // per)})"

    def turn_page(self) -> None:
        """Open the next page (the first after the last), its first option lit."""
        per = self.page - 1
        start = (self.cursor // per + 1) * per
        self.cursor = start if start < len(self.options) else 0


@dataclass
class Pick:
    """Click-a-target mode (e.g. the other villager of an accomplice): ``targets`` light up."""

    title: str
    targets: list[Target]
    on_pick: Callable[[Target], None]
    on_cancel: Callable[[], None] | None = None
    cursor: int = 0
    #: targets already chosen for the same move (the first of two players): marked, not offered
    chosen: tuple[Target, ...] = ()


class TableBanner(Banner):
    """The public banner of a table: the shared Banner, its prompt read whole: the font
    steps down to 11 px until the wrapped prompt fits above the
    buttons. ``scene.note_text`` hears of what was drawn."""

    scene: Any = None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        draw_panel(surface, self.rect, fill="banner", edge="accent", radius=8)
        bottom = (self.buttons[0].rect.y if self.buttons else self.rect.bottom) - 4
        box = pygame.Rect(self.rect.x + 8, self.rect.y + 6, self.rect.w - 16, bottom - self.rect.y - 6)
        size, lines = fit_lines(self.prompt, box.w - 8, box.h, self.font_size, bold=True)
        font = get_font(size, bold=True)
        y = box.y
        drawn = []
        for line in lines:
            t = render_text(line, size, theme.TEXT_LIGHT, bold=True)
            drawn.append(blit_text(surface, t, (box.centerx - t.get_width() // 2, y)))
            y += font.get_linesize()
        if self.scene is not None:
            self.scene.note_text("banner", self.prompt, " ".join(lines), drawn, box)
        for b in self.buttons:
            b.draw(surface)


class Choosers(Panel):
    """The small chooser open on the table (``prompt``, a :class:`Prompt`) or the
    click-a-target pick (``pick``, a :class:`Pick`): drawing them and answering them.
    A chooser belongs to the position and seat it was opened for (the table closes it
    when either changes)."""

    #: text blocks (``note_text`` kinds) a chooser box never covers: what the table asks,
    #: what just happened and which keys work are read while choosing
    PROMPT_KEEP_CLEAR: tuple[str, ...] = ("banner", "hint strip", "last move", "action bar", "notice")

    def __init__(self, table) -> None:
        super().__init__(table)
        self.prompt: Prompt | None = None
        self.pick: Pick | None = None

    def contains(self, pos: tuple[int, int]) -> bool:
        """An open prompt takes every click (outside its box, a click cancels it)."""
        return self.prompt is not None

    def draw_prompt(self, surface: pygame.Surface) -> None:
        """The chooser box: its title and one row per option, each read whole (laid out
        by :meth:`chooser_layout`), and under them how to close it without choosing. A
        list longer than the box's page (or than the window holds at the smallest text)
        goes a page at a time (:meth:`Prompt.rows`)."""
        t = self.table
        p = self.prompt
        if p is None:
            return
        screen = pygame.Rect(0, 0, *surface.get_size())
        keep_clear = t.prompt_keep_clear()
        lay = self.chooser_layout(p, screen, footed=True)
        box = t.prompt_box_at(pygame.Rect(0, 0, lay.width, lay.height), p, screen, keep_clear)
        if box.inflate(4, 4).collidelist(keep_clear) >= 0:
            # the foot (how to back out) is left off when only then the box keeps clear
            # of the text read while choosing
            bare = self.chooser_layout(p, screen, footed=False)
            spot = t.prompt_box_at(pygame.Rect(0, 0, bare.width, bare.height), p, screen, keep_clear)
            if spot.inflate(4, 4).collidelist(keep_clear) < 0:
                lay, box = bare, spot
        p.page = lay.page  # the page drawn is the page clicked
        p.shown = [i for _label, i in lay.shown]
        size, head, font, num_w = lay.size, lay.head, lay.font, lay.num_w
        title, titles, rows = lay.title, lay.titles, lay.rows
        numbers, labels, shown = lay.numbers, lay.labels, lay.shown
        panel(surface, box.inflate(4, 4), alpha=245, edge=theme.HIGHLIGHT)
        y = box.y + 8
        drawn = []
        for line in titles:
            drawn.append(blit_text(surface, render_text(line, size, theme.PARCHMENT, bold=True), (box.x + 14, y)))
            y += head.get_linesize()
        t.note_text("chooser title", title, " ".join(titles), drawn, box)
        p.rects = []
        y += 6
        for k, lines in enumerate(rows):
            r = pygame.Rect(box.x + 10, y, box.w - 20, len(lines) * font.get_linesize() + 8)
            lit = shown[k][1] == p.cursor or r.collidepoint(t.pointer)
            pygame.draw.rect(surface, theme.WOOD_LIGHT if lit else theme.WOOD, r, border_radius=6)
            if shown[k][1] == p.cursor:
                pygame.draw.rect(surface, theme.HIGHLIGHT, r, 2, border_radius=6)
            drawn = []
            if numbers[k]:
                drawn.append(blit_text(surface, render_text(numbers[k], size, theme.TEXT_LIGHT), (r.x + 10, r.y + 4)))
            for j, line in enumerate(lines):
                drawn.append(
                    blit_text(
                        surface,
                        render_text(line, size, theme.TEXT_LIGHT),
                        (r.x + 10 + num_w, r.y + 4 + j * font.get_linesize()),
                    )
                )
            said = " ".join([numbers[k], *lines]).strip()
            t.note_text("chooser option", f"{numbers[k]}  {labels[k]}".strip(), said, drawn, r)
            p.rects.append(r)
            y += r.h + 4
        if lay.footed:  # the way out, for a player who opened it by mistake
            at = blit_text(surface, render_text(CHOOSER_FOOT, lay.foot_size, theme.TEXT_MUTED), (box.x + 14, y))
            t.note_text("chooser foot", CHOOSER_FOOT, CHOOSER_FOOT, [at], box)
        p.box = box

    @staticmethod
    def chooser_layout(p: Prompt, screen: pygame.Rect, footed: bool) -> SimpleNamespace:
        """How the chooser box lays out its page in ``screen``: the text size (17 px
        down to 13 before long rows wrap, to 11 at most), the title's and each row's
        lines, the row numbers and the box's size; with the foot line or without. A page
        too tall even in the smallest text shows fewer rows (``Prompt.page`` lowered, and
        raised back to ``Prompt.most_rows`` when the window has room again)."""
        most = min(screen.w - 40, 760)
        p.page = p.most_rows  # as many rows as the window now holds
        while True:
            shown = p.rows()
            title = p.heading()
            # each row's number, as far as a number key reaches (1-9), in a column of its own
            numbers = [str(k + 1) if k < 9 else "" for k in range(len(shown))]
            labels = [label + (" (default)" if i == p.default and len(p.options) > 1 else "") for label, i in shown]
            for size in range(17, MIN_TEXT - 1, -1):
                font, head = get_font(size), get_font(size, bold=True)
                foot_size = max(MIN_TEXT, size - 3)
                foot = get_font(foot_size)
                num_w = font.size("9")[0] + 10
                one_line = max(
                    [head.size(title)[0] + 28, foot.size(CHOOSER_FOOT)[0] * footed + 28]
                    + [font.size(t)[0] + 40 + num_w for t in labels]
                )
                width = min(most, one_line)
                titles = wrap_text(title, head, width - 28)
                rows = [wrap_text(t, font, width - 40 - num_w) for t in labels]
                height = (
                    len(titles) * head.get_linesize()
                    + 18
                    + sum(len(r) * font.get_linesize() + 12 for r in rows)
                    + foot.get_linesize() * footed
                    + 8
                )
                if (one_line <= most or size <= 13) and height <= screen.h - 16:
                    break
            if height <= screen.h - 16 or len(shown) <= 3:
                break
            p.page = len(shown) - 1  # too tall even in the smallest text: fewer rows a page
        return SimpleNamespace(
            shown=shown,
            title=title,
            numbers=numbers,
            labels=labels,
            size=size,
            font=font,
            head=head,
            foot_size=foot_size,
            num_w=num_w,
            width=width,
            height=height,
            titles=titles,
            rows=rows,
            footed=footed,
            page=p.page,
        )

    def prompt_keep_clear(self) -> list[pygame.Rect]:
        """The lines of must-read text drawn so far this frame (and on the static table)
        that a chooser must leave readable (see ``PROMPT_KEEP_CLEAR``)."""
        t = self.table
        return [r for b in t.text_blocks() if b.what in t.PROMPT_KEEP_CLEAR for r in b.rects]

    @staticmethod
    def prompt_box_at(
        box: pygame.Rect, p: Prompt, screen: pygame.Rect, keep_clear: list[pygame.Rect] | None = None
    ) -> pygame.Rect:
        """The chooser box inside the window, as near its anchor as it can be (centred on
        it when nothing is in the way) without covering the card dropped to open it
        (``Prompt.avoid``) or any line in ``keep_clear`` (must-read text). When no spot
        is clear of everything, it keeps clear of the card only, else it is centred."""
        card = p.avoid.inflate(8, 8) if p.avoid is not None else None
        lines = [pygame.Rect(r).inflate(2, 2) for r in keep_clear or []]
        key = (box.size, p.anchor, tuple(screen), tuple(card) if card else None, tuple(map(tuple, lines)))
        if p.placed is not None and p.placed[0] == key:
            return p.placed[1].copy()
        centred = box.copy()
        centred.center = p.anchor
        centred.clamp_ip(screen)
        spot = None
        for obstacles in ([card] + lines if card else lines, [card] if card else []):
            if not obstacles:
                continue
            spot = Choosers._clear_spot(centred, obstacles, screen, p.anchor)
            if spot is not None:
                break
        spot = spot or centred
        p.placed = (key, spot)
        return spot.copy()

    @staticmethod
    def _clear_spot(
        box: pygame.Rect, obstacles: list[pygame.Rect], screen: pygame.Rect, anchor: tuple[int, int]
    ) -> pygame.Rect | None:
        """The spot for ``box`` inside ``screen`` touching none of ``obstacles`` whose
        centre is nearest ``anchor`` (``box`` itself when it is clear), or None. The
        candidates: ``box`` shifted to sit just beside an obstacle, across and along."""
        if box.collidelist(obstacles) < 0:
            return box
        gap = 4  # the panel drawn round the box takes 2 of them
        xs = (
            {box.x, screen.left, screen.right - box.w}
            | {o.right + gap for o in obstacles}
            | {o.left - gap - box.w for o in obstacles}
        )
        ys = (
            {box.y, screen.top, screen.bottom - box.h}
            | {o.bottom + gap for o in obstacles}
            | {o.top - gap - box.h for o in obstacles}
        )
        best, best_d = None, None
        for x in xs:
            for y in ys:
                spot = pygame.Rect(x, y, box.w, box.h)
                if not screen.contains(spot) or spot.collidelist(obstacles) >= 0:
                    continue
                d = (spot.centerx - anchor[0]) ** 2 + (spot.centery - anchor[1]) ** 2
                if best_d is None or d < best_d:
                    best, best_d = spot, d
        return best

    def draw_pick(self, surface: pygame.Surface) -> None:
        t = self.table
        p = self.pick
        if p is None:
            return
        for target in p.chosen:  # picked already: a filled mark, so the second pick sees the first
            r = t.target_rect(target)
            if r is None:
                continue
            mark = r.inflate(6, 6)
            wash = pygame.Surface(mark.size, pygame.SRCALPHA)
            pygame.draw.rect(wash, (*theme.SUCCESS, 60), wash.get_rect(), border_radius=8)
            surface.blit(wash, mark.topleft)
            pygame.draw.rect(surface, theme.SUCCESS, mark, 5, border_radius=8)
            tag = render_text("chosen", MIN_TEXT + 2, theme.ink_on(theme.SUCCESS), bold=True)
            pill = tag.get_rect(topright=(mark.right - 8, mark.y + 6)).inflate(12, 4)
            pygame.draw.rect(surface, theme.SUCCESS, pill, border_radius=pill.h // 2)
            surface.blit(tag, tag.get_rect(center=pill.center))
        for i, target in enumerate(p.targets):
            r = t.target_rect(target)
            if r is None:
                continue
            hot = i == p.cursor or r.collidepoint(t.pointer)
            pygame.draw.rect(
                surface, theme.SELECT if hot else theme.HIGHLIGHT, r.inflate(6, 6), 4 if hot else 3, border_radius=8
            )

    def press_prompt_row(self, row: int) -> None:
        """The row ``row`` of the open chooser was clicked (or its number pressed): its
        option is chosen, or the page turns."""
        p = self.prompt
        if p is None:
            return
        shown = p.shown or [i for _label, i in p.rows()]
        if not 0 <= row < len(shown):
            return
        option = shown[row]
        if option is None:
            p.turn_page()
            self.table.dirty = True
        else:
            self.choose_prompt(option)

    def choose_prompt(self, index: int) -> None:
        """Option ``index`` of the open chooser (of all its options, on any page) is chosen."""
        p = self.prompt
        if p is None or not 0 <= index < len(p.options):
            return
        self.prompt = None
        p.on_choose(p.options[index][1])
        self.table.dirty = True

    def cancel_prompt(self) -> None:
        p, self.prompt = self.prompt, None
        if p is not None and p.on_cancel is not None:
            p.on_cancel()
        self.table.dirty = True
