"""The ledger zone (docs/rules/malleus.md §1.4, §1.5, §5): tabs for the general fact ledger and the
witch stereotypes w1–w8 (both citable: drag a line onto a side), the players (public:
villager, personal gain, cards in hand), the seat's own private ledger (secret, envy,
vendetta with its baseline, companion, hand with locked cards, notes and what its cards
revealed), and the Prévôt's screen (every ledger and hand, the queue of secret cards with
their players, companion and Blackmail orders, submissions — never a note's text, §5).

A tab shows only what ``view()`` holds: the own tab exists only when the screen is a
player's, the Prévôt's only when it is seat 0's.
"""

from __future__ import annotations

import pygame

from game.rules.malleus import card_info
from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.scenes.malleus.common import card_name, seat_colour, told_envy
from game.ui.scenes.malleus.picture import Picture
from game.ui.scenes.table_base import panel, text


class LedgerPanel:
    """The Malleus table's tabbed ledger zone, owned by the table: the chosen tab, its
    scroll and where its tabs and citable lines were drawn are its own."""

    def __init__(self, table) -> None:
        self.table = table
        self.tab: str | None = None
        self.tab_rects: list[tuple[str, pygame.Rect]] = []
        self.ledger_scroll = 0
        self.ledger_fact_rows: list[tuple[str, pygame.Rect]] = []
        self.picture = Picture()  # the zone as last painted (picture.py)

    def ledger_rect(self) -> pygame.Rect:
        return pygame.Rect(self.table.rects.get("ledger") or (0, 0, 10, 10))

    def ledger_tabs(self) -> list[tuple[str, str]]:
        tabs = [("ledger", "Village ledger"), ("witch", "Witch stereotypes"), ("players", "Players")]
        if self.table.view.get("you"):
            tabs.append(("mine", "My ledger"))
        if self.table.view.get("prevot_screen"):
            tabs.append(("prevot", "Prévôt's screen"))
        return tabs

    def current_tab(self) -> str:
        """The chosen tab; by default one's own ledger on a private screen, else the village's."""
        tabs = [k for k, _ in self.ledger_tabs()]
        tab = self.tab
        if tab not in tabs:
            tab = "prevot" if "prevot" in tabs else "mine" if "mine" in tabs else "ledger"
        return tab

    #: the parts of the view each tab shows (with the names it uses: players, villagers)
    KEY_PARTS = {
        "ledger": ("general_ledger",),
        "witch": ("stereotypes",),
        "players": ("players", "villagers"),
        "mine": ("you", "phase", "players", "villagers", "stereotypes"),
        "prevot": ("prevot_screen", "players", "villagers", "relationships"),
    }

    def draw_zone(self, surface: pygame.Surface) -> None:
        """The zone on the table's static part, left as it is while nothing
        it shows changed (the tab, its scroll, the view's parts, the buttons it places)."""
        t = self.table
        tab = self.current_tab()
        facts = t.view.get("facts") or {}
        key = (
            t.size,
            tuple(self.ledger_rect()),
            [k for k, _label in self.ledger_tabs()],
            tab,
            self.ledger_scroll,
            [t.view.get(k) for k in self.KEY_PARTS[tab]],
            tuple(t.source.players),
            [facts.get(fid) for fid in t.view.get("general_ledger") or ()] if tab == "ledger" else None,
            [(b.name, b.label) for b in t.bar.panel_buttons],
        )
        self.picture.draw(t, surface, self.ledger_rect(), key, self.draw_ledger_zone, t.bar.panel_buttons)

    def draw_ledger_zone(self, surface: pygame.Surface) -> None:
        r = self.ledger_rect()
        panel(surface, r, alpha=235)
        size = max(11, self.table.px(17))
        x = r.x + self.table.px(8)
        self.tab_rects = []
        current = self.current_tab()
        right = r.right - self.table.px(6)
        private = self.table.bar.panel_button("private")  # a player's own screen, from the shared table
        if private is not None:
            tab_h = get_font(size, bold=True).get_linesize() + self.table.px(8)
            w = get_font(size, bold=True).size(private.label)[0] + 22
            private.rect = pygame.Rect(right - w, r.y + self.table.px(6), w, tab_h)
            private.font_size = size
            private.visible = True
            right = private.rect.x - self.table.px(6)
        for key, label in self.ledger_tabs():
            t = text(label, size, theme.INK if key == current else theme.TEXT_LIGHT, bold=True)
            box = pygame.Rect(
                x, r.y + self.table.px(6), t.get_width() + self.table.px(18), t.get_height() + self.table.px(8)
            )
            if box.right > right:
                break
            pygame.draw.rect(
                surface, theme.HIGHLIGHT if key == current else theme.WOOD, box, border_radius=self.table.px(8)
            )
            at = surface.blit(t, t.get_rect(center=box.center))
            self.table.note_text("tab", label, label, [at], box)
            self.tab_rects.append((key, box))
            x = box.right + self.table.px(6)
        body = pygame.Rect(
            r.x + self.table.px(10),
            r.y + self.table.px(16) + get_font(size).get_linesize() + self.table.px(8),
            r.w - self.table.px(20),
            0,
        )
        body.h = r.bottom - body.y - self.table.px(8)
        self.ledger_fact_rows = []
        clip = surface.get_clip()
        surface.set_clip(body)
        try:
            getattr(self, f"draw_tab_{current}")(surface, body)
        finally:
            surface.set_clip(clip)

    def _rows(
        self,
        surface: pygame.Surface,
        body: pygame.Rect,
        rows: list[tuple[str, tuple, bool, str | None]],
        size: int,
        buttons: dict | None = None,
    ) -> None:
        """Wrapped rows (words, colour, bold, fact id for dragging), scrolled to fit;
        ``buttons``: row index -> a button placed at that row's right end (the row's words
        wrap before it; a row scrolled out of sight hides its button)."""
        font = get_font(size)
        line = font.get_linesize()
        y = body.y - self.ledger_scroll
        for index, (words, colour, bold, fid) in enumerate(rows):
            button = (buttons or {}).get(index)
            bw = 0
            if button is not None:
                bw = get_font(size, bold=True).size(button.label)[0] + 22
                button.rect = pygame.Rect(body.right - bw, y, bw, line + self.table.px(6))
                button.font_size = size
                button.visible = body.contains(button.rect)
                bw += self.table.px(8)
            lines = wrap_text(words, get_font(size, bold=bold), body.w - self.table.px(8) - bw)
            box = pygame.Rect(body.x, y, body.w, max(len(lines) * line, line + self.table.px(6) if button else 0))
            if fid is not None:  # a citable line: a grip mark on its left
                pygame.draw.rect(surface, theme.WOOD_LIGHT, (body.x, y + 2, max(2, self.table.px(4)), box.h - 4))
            drawn = []
            for part in lines:
                if body.y - line <= y <= body.bottom:
                    drawn.append(surface.blit(text(part, size, colour, bold=bold), (body.x + self.table.px(4), y)))
                y += line
            if drawn:
                visible = [d for d in drawn if body.contains(d)]
                if visible:
                    self.table.note_text("ledger", words, " ".join(lines), visible, body)
            if fid is not None:
                self.ledger_fact_rows.append((fid, box.clip(body)))
            y = max(y, box.bottom) + self.table.px(4)
        scrolled = self.ledger_scroll
        if y > body.bottom or scrolled:  # more than fits: say the wheel scrolls it
            hint = text(
                "↓ more: scroll here" if y > body.bottom else "↑ scrolled: scroll back up",
                size - 1,
                theme.HIGHLIGHT,
                bold=True,
            )
            at = hint.get_rect(bottomright=(body.right - self.table.px(4), body.bottom))
            pygame.draw.rect(
                surface, theme.PANEL, at.inflate(self.table.px(10), self.table.px(4)), border_radius=self.table.px(6)
            )
            surface.blit(hint, at)

    def draw_tab_ledger(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        size = max(11, self.table.px(17))
        facts = self.table.view.get("facts") or {}
        # a spectator cites nothing: the title does not ask it to
        cite = "" if self.table.watching() else " — drag a line onto a side to cite it"
        rows = [(f"The general fact ledger{cite}:", theme.HIGHLIGHT, True, None)]
        for fid in self.table.view.get("general_ledger") or []:
            rows.append((f"{fid}. {facts[fid]['text']}", theme.TEXT_LIGHT, False, fid))
        if len(rows) == 1:
            rows.append(("Nothing recorded yet.", theme.TEXT_MUTED, False, None))
        self._rows(surface, body, rows, size)

    def draw_tab_witch(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        size = max(11, self.table.px(17))
        rows = [("What a witch is said to be (citable facts w1–w8):", theme.HIGHLIGHT, True, None)]
        for s in self.table.view.get("stereotypes") or []:
            rows.append((f"{s['id']}. {s['name']}: {s['text']}", theme.TEXT_LIGHT, False, s["id"]))
        self._rows(surface, body, rows, size)

    def draw_tab_players(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        size = max(11, self.table.px(17))
        n = self.table.names()
        rows = [
            (
                f"The Prévôt: {self.table.source.players[0]} (keeps the books, voices every villager nobody plays)",
                theme.HIGHLIGHT,
                True,
                None,
            )
        ]
        for p in self.table.view.get("players") or []:
            bits = [
                f"{p['name']}: {n.villager(p.get('villager')) if p.get('villager') else 'no villager yet'}",
                f"personal gain {p['personal_gain']} of 18",
                f"{p['hand_count']} cards",
            ]
            if p.get("forfeit"):
                bits.append("forfeits the next turn")
            if p.get("intimidated"):
                bits.append("intimidated in this conflict")
            rows.append((" · ".join(bits), seat_colour(p["seat"]), True, None))
            if p.get("secret_revealed"):
                rows.append((f"   Secret, revealed: {p['secret_revealed']}", theme.TEXT_LIGHT, False, None))
        self._rows(surface, body, rows, size)

    def draw_tab_mine(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        you = self.table.view.get("you") or {}
        n = self.table.names()
        size = max(11, self.table.px(17))
        rows = [
            (
                f"Private: only you and the Prévôt see this — {self.table.source.players[you.get('seat', 0)]}",
                theme.HIGHLIGHT,
                True,
                None,
            )
        ]
        if you.get("villager"):
            rows.append((f"You play {n.villager(you['villager'])}.", theme.TEXT_LIGHT, False, None))
        secret = you.get("secret")
        if secret:
            rows.append(
                (
                    f"Secret{' (revealed)' if secret.get('revealed') else ''}: {secret['text']}",
                    theme.PARCHMENT,
                    False,
                    None,
                )
            )
        envy = you.get("envy")
        if envy:
            what = told_envy(envy, n)
            rows.append(
                (
                    f"Envy: {what} — +6 personal gain if {n.villager(envy['holder'])} burns.",
                    theme.PARCHMENT,
                    False,
                    None,
                )
            )
        elif you.get("villager") and self.table.view.get("phase") == "round":
            rows.append(("Envy: none — name a new one in the secret action phase.", (240, 160, 120), False, None))
        ven = you.get("vendetta")
        if ven:
            now = (n.villagers.get(ven["target"]) or {}).get("standing", "?")
            rows.append(
                (
                    f"Vendetta against {n.villager(ven['target'])} ({ven['reason']}): standing "
                    f"{ven['baseline']} at the round's start, now {now}; +1 per 3 lost, +3 if executed.",
                    theme.PARCHMENT,
                    False,
                    None,
                )
            )
        elif you.get("villager") and self.table.view.get("phase") == "round":
            rows.append(("Vendetta: none — name a new one in the secret action phase.", (240, 160, 120), False, None))
        if self.table.view.get("phase") == "ledgers" and not secret:
            rows.append(
                (
                    "Your ledger is not written yet: Write my ledger… (secret, envy, vendetta).",
                    theme.TEXT_MUTED,
                    False,
                    None,
                )
            )
        comp = you.get("companion") or you.get("companion_choice")
        if comp:
            rows.append((f"Secret companion: {n.villager(comp)}.", theme.PARCHMENT, False, None))
        hand = you.get("hand") or []
        buttons: dict[int, object] = {}
        if hand:
            rows.append(("Your cards:", theme.HIGHLIGHT, True, None))
            for h in hand:
                info = card_info(h["type"])
                state = (
                    " (locked: played in secret)"
                    if h.get("locked")
                    else " (in the Prévôt's queue)"
                    if h.get("queued")
                    else ""
                )
                play = self.table.bar.panel_button(f"ledger_play_{h['card']}")
                if play is not None:
                    buttons[len(rows)] = play
                rows.append((f"{info['name']}{state} — {info['timing']} {info['text']}", theme.TEXT_LIGHT, False, None))
        for item in you.get("inbox") or []:
            if item["kind"] == "note":
                rows.append((f"Note from {n.seat(item['from'])}: {item['text']}", theme.TEXT_MUTED, False, None))
            elif item["kind"] == "eavesdropping":
                rows.append(
                    (
                        f"You overheard {n.seat(item['player'])}'s secret: {item['secret']}",
                        theme.TEXT_MUTED,
                        False,
                        None,
                    )
                )
            elif item["kind"] == "sharp_intuition":
                envy, ven = item.get("envy") or {}, item.get("vendetta") or {}
                rows.append(
                    (
                        f"Your intuition about {n.seat(item['player'])}: envies {n.villager(envy.get('holder'))},"
                        f" hates {n.villager(ven.get('target'))}.",
                        theme.TEXT_MUTED,
                        False,
                        None,
                    )
                )
        self._rows(surface, body, rows, size, buttons)

    def draw_tab_prevot(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        screen = self.table.view.get("prevot_screen") or {}
        n = self.table.names()
        size = max(11, self.table.px(16))
        rows = [("The Prévôt's screen — every ledger and hand; never the players' notes.", theme.HIGHLIGHT, True, None)]
        queue = screen.get("queue") or []
        if queue:
            rows.append(("Secret cards waiting (apply or void each, in your order):", theme.HIGHLIGHT, True, None))
            for q in queue:
                problem = f" — cannot apply now: {q['problem']}" if q.get("problem") else ""
                order = f" — order: “{q['params']['order']}”" if q["params"].get("order") else ""
                rows.append(
                    (
                        f"{card_name(q['type'])} from {n.seat(q['player'])}: {self.table.card_flow.describe_play(q['params'])}"
                        f"{order}{problem}",
                        theme.PARCHMENT,
                        False,
                        None,
                    )
                )
        for o in screen.get("orders") or []:
            who = "companion" if o["kind"] == "companion" else "Blackmail"
            rows.append(
                (
                    f"{n.seat(o['player'])}'s {who} order to {n.villager(o['villager'])}: {o['text']}",
                    theme.PARCHMENT,
                    False,
                    None,
                )
            )
        for sub in screen.get("submissions") or []:
            notes = ", ".join(n.seat(x["to"]) for x in sub.get("notes") or [])
            rows.append(
                (
                    f"{n.seat(sub['player'])}: “{sub['text']}”" + (f" (notes to {notes})" if notes else ""),
                    theme.TEXT_LIGHT,
                    False,
                    None,
                )
            )
        for led in screen.get("ledgers") or []:
            p = led["player"]
            rows.append(
                (
                    f"{self.table.source.players[p]} — {n.villager(led.get('villager'))}, personal gain "
                    f"{led['personal_gain']}",
                    seat_colour(p),
                    True,
                    None,
                )
            )
            secret = led.get("secret") or {}
            if secret:
                rows.append(
                    (
                        f"   secret: {secret.get('text')}{' (revealed)' if secret.get('revealed') else ''}",
                        theme.TEXT_LIGHT,
                        False,
                        None,
                    )
                )
            envy, ven = led.get("envy"), led.get("vendetta")
            if envy:
                rows.append((f"   envy: {told_envy(envy, n)}", theme.TEXT_LIGHT, False, None))
            if ven:
                rows.append(
                    (
                        f"   vendetta: {n.villager(ven['target'])} (baseline {ven['baseline']}): {ven['reason']}",
                        theme.TEXT_LIGHT,
                        False,
                        None,
                    )
                )
            comp = led.get("companion") or led.get("companion_choice")
            if comp:
                rows.append((f"   companion: {n.villager(comp)}", theme.TEXT_LIGHT, False, None))
            hand = led.get("hand") or []
            if hand:
                rows.append(
                    (
                        "   hand: "
                        + ", ".join(card_name(h["type"]) + (" (locked)" if h.get("locked") else "") for h in hand),
                        theme.TEXT_MUTED,
                        False,
                        None,
                    )
                )
        self._rows(surface, body, rows, size)

    def tab_at(self, pos: tuple[int, int]) -> str | None:
        for key, box in self.tab_rects:
            if box.collidepoint(pos):
                return key
        return None
