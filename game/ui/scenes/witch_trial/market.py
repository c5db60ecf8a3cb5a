"""The market row (deck, lineup slots 1-5 with their prices, discard) and the Court
Fees pot; the buy and build-a-case choosers."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.icons import get_icon
from game.ui.scenes import witch_trial_text as words
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import Prompt, text
from game.ui.scenes.witch_trial.common import _fit_card, felt_panel
from game.ui.sprites import CardSprite
from game.ui.wording import listed


class Market(Panel):
    """The market row (deck, lineup slots 1-5 with their prices, discard; ``slot_rects``: where
    each lineup card lies) and the Court Fees pot; the buy and build-a-case choosers."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.slot_rects: dict[int, pygame.Rect] = {}

    @staticmethod
    def _price_band(zone: pygame.Rect) -> int:
        return max(15, zone.h // 8)

    def lineup_card_size(self) -> tuple[int, int]:
        r = self.slot_rects.get(1)
        return (r.w, r.h) if r is not None else (90, 126)

    def lineup_slot_of(self, card_id: str) -> int | None:
        table = self.table
        for i, c in enumerate(table.view.get("lineup") or []):
            if c == card_id:
                return i + 1
        return None

    def buy_prompt(self) -> None:
        table = self.table
        options = table.legal_of("buy")
        if not options:
            table.toast("You cannot buy now." if table.my_seat() is not None else "Nobody is at the table.")
            return
        lineup = table.view.get("lineup") or []
        prices = table.view.get("prices") or [20, 15, 10, 5, 0]
        labels = [
            (
                f"Slot {c['slot']}: {words.card_name(lineup[c['slot'] - 1])} \u2014 "
                f"{'free' if not prices[c['slot'] - 1] else '$' + str(prices[c['slot'] - 1])}",
                c,
            )
            for c in options
        ]
        table.prompt = Prompt(
            "Buy which lineup card?",
            labels,
            lambda c: table.send(c, lineup[c["slot"] - 1]),
            None,
            anchor=pygame.Rect(table.rects["court"]).center,
        )

    def case_prompt(self) -> None:
        table = self.table
        options = table.legal_of("create_case")
        if not options:
            table.toast("No case can be built now (a Suspect and a Charge, one from your hand, one from the lineup).")
            return
        lineup = table.view.get("lineup") or []
        labels = [
            (f"{words.card_name(c['card'])} (hand) + {words.card_name(lineup[c['slot'] - 1])} (slot {c['slot']})", c)
            for c in options
        ]
        table.prompt = Prompt(
            "Build which case?",
            labels,
            lambda c: table.send(c, c["card"]),
            None,
            anchor=pygame.Rect(table.rects["court"]).center,
        )

    def case_hint(self, card_id: str, at: tuple[int, int]) -> None:
        """A Suspect dropped on a Charge of one's own hand (or a Charge on a Suspect) built
        nothing and said nothing: a case pairs a card of the hand with its counterpart in
        the lineup. Say so, naming the lineup cards this one would make a case with."""
        table = self.table
        mine = words.card_type(card_id)
        other = {"suspect": "charge", "charge": "suspect"}.get(mine)
        under = [
            s.card_id
            for s in table.group.sprites()
            if isinstance(s, CardSprite)
            and s.zone == "hand"
            and s.card_id != card_id
            and s.rect is not None
            and s.rect.collidepoint(at)
        ]
        if other is None or not under or words.card_type(under[-1]) != other:
            return  # put back into the hand
        lineup = table.view.get("lineup") or []
        partners = [
            words.card_name(lineup[c["slot"] - 1])
            for c in table.legal_of("create_case")
            if c.get("card") == card_id and 0 < c["slot"] <= len(lineup)
        ]
        pair = f"a case pairs your {mine.title()} with a {other.title()} in the lineup"
        if partners:
            table.toast(f"Not in your hand: {pair}. Drag {words.card_name(card_id)} onto {listed(partners, 'or')}.")
        else:
            table.toast(f"Not in your hand: {pair}, and no {other.title()} there makes one with it now.")

    def deck_card_rect(self) -> pygame.Rect:
        """Where the deck's top card lies."""
        table = self.table
        deck = pygame.Rect(table.rects["deck"])
        return _fit_card(deck, top_pad=self._price_band(deck), bottom_pad=2)

    def draw_market(self, surface: pygame.Surface) -> None:
        table = self.table
        deck = pygame.Rect(table.rects["deck"])
        size = max(12, min(20, deck.h // 10))
        band = self._price_band(deck)
        count = table.view.get("deck_count", 0)
        card = _fit_card(deck, top_pad=band, bottom_pad=2)
        pygame.draw.rect(surface, theme.FELT_DARK, card, 2, border_radius=8)
        if count:
            back = table.art.back(table.game, card.size)
            for i in range(min(3, max(1, count // 20))):
                surface.blit(back, (card.x - i * 2, card.y - i * 2))
        label = text(f"Deck {count}", size, theme.TEXT_LIGHT, bold=True)
        surface.blit(label, label.get_rect(midtop=(deck.centerx, deck.y)))
        prices = table.view.get("prices") or [20, 15, 10, 5, 0]
        lineup = table.view.get("lineup") or []
        for slot in range(1, 6):
            zone = pygame.Rect(table.rects[f"lineup_{slot}"])
            price = prices[slot - 1] if slot - 1 < len(prices) else 0
            tag = "FREE" if not price else f"${price}"
            col = theme.SUCCESS if not price else theme.MONEY
            t = text(tag, max(13, band - 2), col, bold=True)
            pill = t.get_rect(midtop=(zone.centerx, zone.y)).inflate(14, 0)
            pygame.draw.rect(surface, theme.WOOD_DARK, pill, border_radius=pill.h // 2)
            surface.blit(t, t.get_rect(center=pill.center))
            r = self.slot_rects[slot]
            if slot - 1 >= len(lineup) or lineup[slot - 1] is None:
                pygame.draw.rect(surface, theme.FELT_DARK, r, 2, border_radius=8)
                e = text("empty", max(11, size - 2), theme.TEXT_MUTED)
                surface.blit(e, e.get_rect(center=r.center))
        disc = pygame.Rect(table.rects["discard"])
        card = _fit_card(disc, top_pad=band, bottom_pad=2)
        pile = table.view.get("discard") or []
        pygame.draw.rect(surface, theme.FELT_DARK, card, 2, border_radius=8)
        if pile:
            surface.blit(table.art.face(table.game, pile[-1], card.size), card.topleft)
        label = text(f"Discard {len(pile)}", size, theme.TEXT_LIGHT, bold=True)
        surface.blit(label, label.get_rect(midtop=(disc.centerx, disc.y)))

    def draw_court_fees(self, surface: pygame.Surface) -> None:
        table = self.table
        r = pygame.Rect(table.rects["court_fees"])
        felt_panel(surface, r, color=theme.WOOD_DARK, alpha=235)
        size = max(13, min(22, r.h // 9))
        head = text("Court Fees", size, theme.PARCHMENT, bold=True, title=True)
        surface.blit(head, head.get_rect(midtop=(r.centerx, r.y + 6)))
        fees = table.view.get("court_fees", 0)
        isz = max(24, min(r.h // 3, r.w // 4))
        icon = get_icon("court_fees", isz, theme.MONEY)
        amount = text(f"${fees}", max(20, int(isz * 0.9)), theme.MONEY, bold=True)
        total = icon.get_width() + 8 + amount.get_width()
        cy = r.y + r.h // 2
        x = r.centerx - total // 2
        surface.blit(icon, icon.get_rect(midleft=(x, cy)))
        surface.blit(amount, amount.get_rect(midleft=(x + icon.get_width() + 8, cy)))
        small = max(11, size - 5)
        lines = [f"Bank has paid ${table.view.get('bank_paid', 0)}"]
        trial = table.trial()
        if trial:
            lines.insert(0, f"this trial: charge +${trial.get('court_money', 0)}")
        y = r.bottom - 6
        for line in reversed(lines):
            t = text(line, small, theme.TEXT_MUTED)
            y -= t.get_height()
            surface.blit(t, t.get_rect(midtop=(r.centerx, y)))
