"""The middle of the table: the oval with the game, the turn, the set-aside card and the
discards; during a share, the two cards (face up only for the sharers, as the view has
them); after an investigation, what the shown seat just saw."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import first_fitting_size, get_font
from game.ui.scenes import testimony_text as words
from game.ui.scenes.table_base import text
from game.ui.scenes.testimony.common import CARD_RATIO, fit_text, token_disc


def felt_left(oval: pygame.Rect, y: int) -> int:
    """The felt's left edge at height ``y`` (the table is the ellipse ``oval``)."""
    a, b = oval.w / 2, oval.h / 2
    return int(oval.centerx - a * math.sqrt(max(0.0, 1 - ((y - oval.centery) / b) ** 2)))


def on_felt(oval: pygame.Rect, rect: pygame.Rect) -> bool:
    """Every corner of ``rect`` lies on the felt (inside the ellipse ``oval``)."""
    a, b = oval.w / 2, oval.h / 2
    return all(
        ((x - oval.centerx) / a) ** 2 + ((y - oval.centery) / b) ** 2 <= 1.0
        for x, y in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright)
    )


def counts_fit(
    wordings: tuple[list[str], ...], xs: tuple[int, ...], y: int, top: int, oval: pygame.Rect
) -> tuple[int, list[str], list[pygame.Rect]]:
    """The first wording (its lines), at the first of the lefts ``xs``, at the largest size
    from ``top`` down to 11, whose lines stacked from ``y`` all lie on the felt: (size,
    lines, their rects); the last wording at 11 px from the last left when none does."""
    tries = [(lines, x, size) for lines in wordings for x in xs for size in range(top, 10, -1)]
    for lines, x, size in tries:
        font = get_font(size)
        rects, ty = [], y
        for line in lines:
            w, h = font.size(line)
            rects.append(pygame.Rect(x, ty, w, h))
            ty += h + 1
        if all(on_felt(oval, r) for r in rects):
            break
    return size, lines, rects


class CentrePanel:
    """The middle of the table, owned by the table (``table.centre``). It keeps where each
    sharer's card lies while a share is drawn (``share_card_rects``: a card dropped there
    goes to that sharer). It reads the table's ``view``, ``rects``, ``art``, ``players``,
    ``my_seat`` and whether the reveal is being told (``telling``: the set-aside card waits)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        #: where each sharer's card lies in the middle while a share is drawn (a drop target)
        self.share_card_rects: dict[int, pygame.Rect] = {}

    def zone(self) -> pygame.Rect:
        """Where the middle draws: its oval round the ``table`` zone, with the oval's rim."""
        return pygame.Rect(self.table.rects["table"]).inflate(56, 40)

    def centre_key(self) -> tuple:
        """Everything the middle shows."""
        v = self.table.view
        return (
            v.get("game_no"),
            v.get("games"),
            v.get("turn_no"),
            v.get("stage"),
            repr(v.get("share")),
            repr(v.get("invite")),
            repr(v.get("set_aside")),
            repr((v.get("revealed") or {}).get("set_aside")),
            len(v.get("discarded") or []),
            v.get("tokens_each"),
            v.get("tokens_aside"),
            repr(self.latest_learning()),
            v.get("turn"),
            v.get("next_first"),
            self.table.my_seat(),
            self.table.telling(),
            tuple(self.zone()),
        )

    def latest_learning(self) -> dict | None:
        """The notebook entry of the current turn (a share or a look), if the shown seat has one."""
        v = self.table.view
        book = v.get("notebook") or []
        if not book or v.get("stage") in ("between", "over"):
            return None
        entry = book[-1]
        return entry if entry.get("turn") == v.get("turn_no") else None

    def draw(self, surface: pygame.Surface) -> None:
        v = self.table.view
        r = pygame.Rect(self.table.rects["table"])
        oval = r.inflate(40, 24)
        pygame.draw.ellipse(surface, theme.WOOD_DARK, oval.inflate(16, 16))
        pygame.draw.ellipse(surface, theme.FELT_LIGHT, oval)
        pygame.draw.ellipse(surface, theme.PANEL_EDGE, oval, 2)
        size = max(12, min(18, r.h // 11))
        if not v.get("game_no"):
            return
        learning = self.latest_learning()
        share = v.get("share")
        self.share_card_rects = {}
        if share or (learning and learning.get("kind") == "share"):
            self.draw_share(surface, r, share, learning, size)
            return
        if learning and learning.get("kind") == "investigate":
            self.draw_look(surface, r, learning, size)
            return
        title = text(f"Game {v.get('game_no')} of {v.get('games')}", size + 4, theme.PARCHMENT, bold=True, title=True)
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + 4)))
        stage = v.get("stage")
        players = list(self.table.source.players)
        if stage in ("between", "over") and self.table.telling():
            line = f"Game {v.get('game_no')} is over: the reveal."
        elif stage in ("between", "over"):
            line = (
                "The match is over."
                if stage == "over"
                else f"{words.seat_name(v.get('next_first'), players)} begins game {v.get('game_no', 0) + 1}."
            )
        else:
            total = v.get("tokens_each", 0) * self.table.players
            line = f"Turn {v.get('turn_no')} of {total} \u00b7 {words.seat_name(v.get('turn'), players)} to play"
        t = text(fit_text(line, size, r.w - 10), size, theme.TEXT_LIGHT)
        surface.blit(t, t.get_rect(midtop=(r.centerx, r.y + 10 + title.get_height())))
        y = r.y + 16 + title.get_height() + t.get_height()
        aside = v.get("set_aside") or {}
        ch = max(40, r.bottom - y - 8)
        cw = int(ch / CARD_RATIO)
        card = pygame.Rect(r.x + 30, y + 4, cw, ch)
        caption = text("set aside", max(11, size - 3), theme.TEXT_LIGHT)
        tag = caption.get_rect(midbottom=(card.centerx, card.bottom - 3)).inflate(8, 2)
        # the tag on the card's foot keeps its corners on the felt, where the ellipse narrows
        card.x = max(card.x, felt_left(oval, tag.bottom) + 4 + max(0, (tag.w - cw) // 2))
        tag.centerx = card.centerx
        if aside.get("exists"):
            # the end view reveals it (docs/rules/testimony.md §6.3: the card set aside, face up at the end)
            face = (
                None
                if self.table.telling()
                else (aside.get("character") or (self.table.view.get("revealed") or {}).get("set_aside"))
            )
            img = (
                self.table.art.face(self.table.game, face, card.size)
                if face
                else self.table.art.back(self.table.game, card.size)
            )
            surface.blit(img, card.topleft)
            pygame.draw.rect(surface, theme.WOOD_DARK, tag, border_radius=tag.h // 2)
            surface.blit(caption, caption.get_rect(center=tag.center))
            self.table.note_text("centre", "set aside", "set aside", [tag], oval)
        discards = len(v.get("discarded") or [])
        aside_tokens = v.get("tokens_aside", 0)
        each = f"{v.get('tokens_each', 0)} tokens each"
        set_aside = f"{aside_tokens} token{'s' if aside_tokens != 1 else ''} set aside"
        # three lines where the felt holds them, else two (a small window's table)
        wordings = ([each, set_aside, f"{discards} discarded"], [each, f"{set_aside} \u00b7 {discards} discarded"])
        # beside the middle of the felt, else as near the card as its tag allows
        near = max(card.right + 12, tag.right + 8)
        line_size, lines, rects = counts_fit(
            wordings, (max(r.centerx + 10, near), near), y + 4, max(11, size - 2), oval
        )
        for line, at in zip(lines, rects):
            surface.blit(text(line, line_size, theme.TEXT_LIGHT), at)
            self.table.note_text("centre", line, line, [at], oval)

    def draw_share(
        self, surface: pygame.Surface, r: pygame.Rect, share: dict | None, learning: dict | None, size: int
    ) -> None:
        players = list(self.table.source.players)
        if share:
            by, with_ = share.get("by"), share.get("with")
        else:  # a share of this turn is over: it was the active player's (its turn's action)
            me, other = self.table.my_seat(), (learning or {}).get("with")
            by = self.table.view.get("turn")
            with_ = other if by == me else me
        title = text(
            f"{words.seat_name(by, players)} and {words.seat_name(with_, players)} share",
            size + 1,
            theme.PARCHMENT,
            bold=True,
        )
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + 2)))
        ch = r.h - title.get_height() - 30
        cw = int(ch / CARD_RATIO)
        shown = {}
        if learning is not None:
            for key in ("gave", "got"):
                payload = learning.get(key)
                if payload:
                    shown[payload.get("seat")] = payload
        for i, seat in enumerate((by, with_)):
            x = r.centerx - cw - 20 if i == 0 else r.centerx + 20
            rect = pygame.Rect(x, r.y + title.get_height() + 6, cw, ch)
            if isinstance(seat, int):
                self.share_card_rects[seat] = rect
            payload = shown.get(seat)
            if payload:
                card = payload.get("character") if payload.get("card") == "character" else payload.get("card")
                surface.blit(self.table.art.face(self.table.game, card, rect.size), rect.topleft)
            else:
                surface.blit(self.table.art.back(self.table.game, rect.size), rect.topleft)
                if share and share.get("next") == seat:
                    pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), 2, border_radius=6)
            label = text(
                fit_text(words.seat_name(seat, players), max(11, size - 3), cw + 30),
                max(11, size - 3),
                theme.TEXT_LIGHT,
            )
            surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + 2)))
        cy = r.y + title.get_height() + 6 + ch // 2
        for dy, sign in ((-6, 1), (6, -1)):  # two arrows: each shows the other one card
            y = cy + dy
            x0, x1 = r.centerx - 12, r.centerx + 12
            pygame.draw.line(surface, theme.PARCHMENT, (x0, y), (x1, y), 2)
            tip = x1 if sign > 0 else x0
            pygame.draw.polygon(surface, theme.PARCHMENT, [(tip, y), (tip - 6 * sign, y - 4), (tip - 6 * sign, y + 4)])

    def draw_look(self, surface: pygame.Surface, r: pygame.Rect, learning: dict, size: int) -> None:
        players = list(self.table.source.players)
        looks = learning.get("looks") or []
        said = "You investigated " + " and ".join(words.seat_name(lk.get("target"), players) for lk in looks)
        oval = r.inflate(40, 24)  # the felt: a title of two long names steps down to stay on it
        title = text(said, first_fitting_size(said, size, 11, oval.w - 24, bold=True) or 11, theme.PARCHMENT, bold=True)
        head = surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + 2)))
        y = r.y + title.get_height() + 8
        rad = max(8, min(13, (r.h - title.get_height()) // (6 * max(1, len(looks)))))
        drawn = [head]
        for look in looks:
            tokens = look.get("tokens") or []
            acc = sum(1 for t in tokens if t.get("side") == "accuse")
            label = text(
                f"{words.seat_name(look.get('target'), players)}: {acc} accusing, {len(tokens) - acc} defending",
                max(11, size - 2),
                theme.TEXT_LIGHT,
                bold=True,
            )
            drawn.append(surface.blit(label, (r.x + 8, y)))
            y += label.get_height() + 2
            x = r.x + 10
            for t in tokens:
                disc = token_disc(rad, theme.seat_color(t.get("placer", 0)), t.get("side"))
                if x + disc.get_width() > r.right - 4:
                    x = r.x + 10
                    y += disc.get_height() + 2
                drawn.append(surface.blit(disc, (x, y)))
                x += disc.get_width() + 2
            if not tokens:
                none = text("no tokens there", max(11, size - 3), theme.TEXT_MUTED)
                drawn.append(surface.blit(none, (x, y)))
            y += rad * 2 + 10
        # what the look found, kept clear of a chooser opened meanwhile (the side of the
        # token one drops next was asked over "Bob: 0 accusing, 7 defending")
        self.table.note_text("investigation", said, said, [drawn[0].unionall(drawn[1:])], oval)
