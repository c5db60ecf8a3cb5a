"""The court: stage pills, whose play, the lawyers, the case and every card played."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.icons import get_icon
from game.ui.scenes import witch_trial_text as words
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import FLY_SECONDS, MIN_TEXT, text
from game.ui.scenes.witch_trial.common import (
    CARD_RATIO,
    DEFENSE_COLOUR,
    PROSECUTION_COLOUR,
    STAGES,
    felt_panel,
)
from game.ui.wording import listed


class Court(Panel):
    """The court (zone ``court``): the trial in session (where its cards lie: ``court_cards``,
    the motion ``motion_rect``), or what a turn may do between trials."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.court_cards: dict[str, pygame.Rect] = {}
        self.motion_rect: pygame.Rect | None = None
        self.court_area: pygame.Rect | None = None
        self._sides: tuple[Any, dict[str, Any]] = (None, {})

    def _court_geometry(self) -> None:
        table = self.table
        self.motion_rect = None
        trial = table.view.get("trial")
        area = self.court_area = self.area_now()
        if not trial:
            return
        label_h, (cw, ch) = max(13, area.h // 9), self.case_card_size(area)
        x = area.x + max(110, area.w // 6)
        y = area.y + label_h + 2
        self.court_cards[trial["suspect"]] = pygame.Rect(x, y, cw, ch)
        self.court_cards[trial["charge"]] = pygame.Rect(x + cw + 6, y, cw, ch)
        px = x + 2 * cw + 6 + max(14, cw // 4)
        self.played_x = px
        played = self.played_row(trial)
        pw, ph = self.played_card_size(area, len(played))
        room = area.right - px - pw
        step = pw + 6
        if len(played) > 1 and step * (len(played) - 1) > room:
            step = max(8, room // (len(played) - 1))
        for i, card in enumerate(played):
            self.court_cards[card] = pygame.Rect(px + i * step, y + ch - ph, pw, ph)
        motion = trial.get("motion")
        if motion and motion.get("card") in self.court_cards:
            self.motion_rect = self.court_cards[motion["card"]]

    @staticmethod
    def case_card_size(area: pygame.Rect) -> tuple[int, int]:
        """The size of the case's two cards in the court's card ``area``."""
        ch = area.h - max(13, area.h // 9) - 4
        return int(ch / CARD_RATIO), ch

    def played_card_size(self, area: pygame.Rect, count: int) -> tuple[int, int]:
        """The size of the cards played in a trial when ``count`` lie in the row: many
        cards first shrink (to 60 %), only then overlap."""
        cw, ch = self.case_card_size(area)
        px = area.x + max(110, area.w // 6) + 2 * cw + 6 + max(14, cw // 4)
        if count and count * (cw + 6) > area.right - px:
            pw = max(int(cw * 0.6), (area.right - px) // count - 6)
            return pw, int(pw * CARD_RATIO)
        return cw, ch

    def sizes_ahead(self) -> list[tuple[int, int]]:
        """The sizes the row of played cards takes as it grows, from one card more than
        it holds now down to its smallest (the cards of a trial to come: from one card)."""
        area = self.court_area
        if area is None:
            return []
        trial = self.table.trial()
        count = len(self.played_row(trial)) if trial else 0
        sizes: list[tuple[int, int]] = []
        for n in range(count + 1, count + 40):
            size = self.played_card_size(area, n)
            if size not in sizes:
                sizes.append(size)
            if size[0] == int(self.case_card_size(area)[0] * 0.6):
                break
        return sizes

    @staticmethod
    def played_row(trial: dict) -> list[str]:
        """Trial cards after the case: a replaced case charge first, then every card played
        except the charge now in force (it sits beside the suspect)."""
        row = [trial["case_charge"]] if trial.get("case_charge") in (trial.get("replaced") or []) else []
        return row + [c for c in trial.get("played") or [] if c != trial.get("charge")]

    def court_strip_h(self, court: pygame.Rect) -> int:
        return max(22, min(40, court.h // 7))

    def side_of(self, card_id: str) -> str | None:
        """Which side played a trial card (from the public ``play`` events of the log; the
        last play of a card wins, read once per view rather than once per card drawn)."""
        table = self.table
        if self._sides[0] != table._seen:
            sides: dict[str, Any] = {}
            for e in table.log_events:
                if e.get("type") == "play" and "card" in e:
                    sides[e["card"]] = e.get("side")
            self._sides = (table._seen, sides)
        return self._sides[1].get(card_id)

    def court_key(self) -> Any:
        """Everything ``draw_court`` reads (names never change at a table)."""
        table = self.table
        v = table.view
        trial = table.trial()
        if not trial:
            last = None
            for e in reversed(table.log_events):
                if e.get("type") in ("verdict", "plea", "mistrial", "continuance") and (
                    e.get("type") != "plea" or e.get("accepted")
                ):
                    last = e
                    break
            return (
                None,
                v.get("stage"),
                bool(v.get("over")),
                repr(v.get("scores")),
                repr(v.get("winners")),
                v.get("turn"),
                v.get("pass_streak", 0),
                repr(last),
            )
        played = self.played_row(trial)
        return (
            repr(trial),
            v.get("stage"),
            tuple(self.side_of(c) for c in played),
            repr(sorted((k, tuple(r)) for k, r in self.court_cards.items())),
            getattr(self, "played_x", None),
        )

    def draw_court(self, surface: pygame.Surface) -> None:
        table = self.table
        court = pygame.Rect(table.rects["court"])
        felt_panel(surface, court, color=theme.FELT_DARK, alpha=220)
        trial = table.trial()
        strip_h = self.court_strip_h(court)
        strip = pygame.Rect(court.x + 6, court.y + 5, court.w - 12, strip_h)
        stage = table.view.get("stage")
        size = max(12, min(20, strip_h * 55 // 100))
        icon = get_icon("gavel", strip_h - 4, theme.PARCHMENT)
        surface.blit(icon, icon.get_rect(midleft=(strip.x + 2, strip.centery)))
        x = strip.x + icon.get_width() + 8
        pill_w = int(strip.w * 0.15)
        for key, label in STAGES:
            pill = pygame.Rect(x, strip.y + 2, pill_w - 6, strip.h - 4)
            lit = bool(trial) and (key == stage or (key == trial.get("phase") and stage != "plea"))
            done = (
                bool(trial)
                and not lit
                and [k for k, _ in STAGES].index(key) < [k for k, _ in STAGES].index(trial.get("phase", "prosecution"))
                and key != "plea"
            )
            fill = theme.HIGHLIGHT if lit else (theme.WOOD if done else theme.WOOD_DARK)
            pygame.draw.rect(surface, fill, pill, border_radius=pill.h // 2)
            t = text(label, max(11, size - 2), theme.INK if lit else theme.TEXT_MUTED, bold=lit)
            if t.get_width() > pill.w - 6:
                t = text(label.split(" ")[0], max(MIN_TEXT, size - 4), theme.INK if lit else theme.TEXT_MUTED, bold=lit)
            surface.blit(t, t.get_rect(center=pill.center))
            x += pill_w
        if not trial:
            msg = text("No trial in session", max(14, size + 2), theme.TEXT_MUTED, bold=True, title=True)
            surface.blit(msg, msg.get_rect(midleft=(x + 6, strip.centery)))
            self.draw_court_idle(surface, self.court_area)
            return
        who = self.who_plays(trial)
        w = text(who, size, theme.PARCHMENT, bold=True)
        if w.get_width() > strip.right - x - 6:
            w = text(who, max(11, size - 3), theme.PARCHMENT, bold=True)
        surface.blit(w, w.get_rect(midright=(strip.right - 4, strip.centery)))
        area = self.court_area
        label_h = max(13, area.h // 9)
        lsize = max(11, min(22, label_h))
        # lawyers column
        names_w = max(110, area.w // 6) - 10
        y = area.y + label_h + 2
        for role, seat, col in (
            ("Prosecutor", trial.get("prosecutor"), PROSECUTION_COLOUR),
            ("Defender", trial.get("defender"), DEFENSE_COLOUR),
        ):
            t = text(role, lsize, theme.lighten(col, 0.5), bold=True)
            surface.blit(t, (area.x, y))
            y += t.get_height()
            n = text(table.name(seat), lsize + 3, theme.PARCHMENT, bold=True)
            if n.get_width() > names_w:
                n = text(table.name(seat), lsize, theme.PARCHMENT, bold=True)
            surface.blit(n, (area.x, y))
            y += n.get_height() + 6
        budget = text(f"budget ${trial.get('defense_budget', 0)}", max(MIN_TEXT, lsize - 3), theme.TEXT_MUTED)
        if y + budget.get_height() < area.bottom:
            surface.blit(budget, (area.x, y))
        # the case
        s_rect = self.court_cards.get(trial["suspect"])
        c_rect = self.court_cards.get(trial["charge"])
        if s_rect is not None and c_rect is not None:
            t = text("On trial \u2014 charge", lsize, theme.PARCHMENT, bold=True)
            surface.blit(t, (s_rect.x, area.y))
            surface.blit(table.art.face(table.game, trial["suspect"], s_rect.size), s_rect.topleft)
            surface.blit(table.art.face(table.game, trial["charge"], c_rect.size), c_rect.topleft)
            px = getattr(self, "played_x", c_rect.right + 12)
            pygame.draw.line(surface, theme.PANEL_EDGE, (px - 8, area.y + 4), (px - 8, area.bottom - 2), 1)
            played = self.played_row(trial)
            head = "Cards played" if played else "No cards played yet"
            t = text(head, lsize, theme.PARCHMENT if played else theme.TEXT_MUTED, bold=True)
            cancelled = set(trial.get("cancelled") or [])
            replaced = set(trial.get("replaced") or [])
            motion = (trial.get("motion") or {}).get("card")
            m_rect = self.court_cards.get(motion) if motion in played else None
            tag = text("Objection?", max(11, lsize), theme.INK, bold=True)
            pill = None
            if m_rect is not None:
                pill = tag.get_rect(midbottom=(m_rect.centerx, m_rect.y - 2)).inflate(10, 2)
                pill.clamp_ip(court)
            if pill is None or not pill.colliderect(t.get_rect(topleft=(px, area.y))):
                surface.blit(t, (px, area.y))  # else the motion's tag stands on that line
                table.note_text("court heading", head, head, [t.get_rect(topleft=(px, area.y))], court)
            for card in played:
                r = self.court_cards.get(card)
                if r is None:
                    continue
                surface.blit(table.art.face(table.game, card, r.size), r.topleft)
                side = self.side_of(card)
                col = PROSECUTION_COLOUR if side == "prosecution" else DEFENSE_COLOUR if side == "defense" else None
                if col is not None:
                    pygame.draw.rect(surface, col, (r.x, r.bottom - 5, r.w, 5), border_radius=2)
                if card in cancelled or card in replaced:
                    shade = pygame.Surface(r.size, pygame.SRCALPHA)
                    shade.fill((20, 10, 10, 130))
                    surface.blit(shade, r.topleft)
                    pygame.draw.line(surface, theme.DANGER, r.topleft, r.bottomright, 3)
                    pygame.draw.line(surface, theme.DANGER, r.bottomleft, r.topright, 3)
                    tag = text(
                        "overruled" if card in cancelled else "replaced",
                        max(MIN_TEXT, lsize - 2),
                        theme.PARCHMENT_LIGHT,
                        bold=True,
                    )
                    pill = tag.get_rect(center=r.center).inflate(8, 2)
                    pygame.draw.rect(surface, theme.DANGER, pill, border_radius=4)
                    surface.blit(tag, tag.get_rect(center=pill.center))
                if card == motion and pill is not None:
                    pygame.draw.rect(surface, theme.HIGHLIGHT, r.inflate(8, 8), 3, border_radius=8)
                    pygame.draw.rect(surface, theme.HIGHLIGHT, pill, border_radius=pill.h // 2)
                    surface.blit(tag, tag.get_rect(center=pill.center))
                    table.note_text("motion tag", "Objection?", "Objection?", [pill], court)
            flags = []
            for key, label in (("expert", "Expert Testimony waiting"), ("leading", "Leading Question waiting")):
                for side, on in (trial.get(key) or {}).items():
                    if on:
                        flags.append(f"{label} ({side})")
            if flags:
                t = text("; ".join(flags), max(MIN_TEXT, lsize - 2), theme.HIGHLIGHT)
                surface.blit(t, t.get_rect(bottomright=(area.right, area.bottom)))

    def who_plays(self, trial: dict) -> str:
        table = self.table
        motion = trial.get("motion")
        plea = trial.get("plea")
        if motion:
            return f"{table.name(motion.get('awaiting'))} may object to {words.card_name(motion.get('card'))}"
        if plea:
            if plea.get("phase") == "offer":
                return f"{table.name(plea.get('by'))} rested \u2014 plea offer?"
            return f"{table.name(plea.get('to'))} answers the plea offer"
        playing = trial.get("playing")
        side = "prosecution" if playing == trial.get("prosecutor") else "defense"
        if trial.get("phase") == "final":
            return f"{table.name(playing)} (prosecution): one last card"
        return f"{table.name(playing)} ({side}) plays"

    def area_now(self) -> pygame.Rect:
        """The court's inner area (under its strip of stages) in the table's zones now."""
        court = pygame.Rect(self.table.rects["court"])
        strip = self.court_strip_h(court)
        return pygame.Rect(court.x + 10, court.y + strip + 8, court.w - 20, court.h - strip - 14)

    def bottom_hand(self) -> tuple[int, list[str]] | None:
        """At the game's end on the public screen: the seat drawn at the bottom and its
        hand, which lies face up in the court (its panel there is too small for a hand;
        the others' hands lie in their panels)."""
        table = self.table
        hands = (table.view.get("revealed") or {}).get("hands") or []
        seat = table.shown_seat()
        if table.my_seat() is not None or not 0 <= seat < len(hands) or not hands[seat]:
            return None
        return seat, list(hands[seat])

    def bottom_hand_place(self) -> tuple[str, pygame.Rect, list[pygame.Rect]] | None:
        """Where :meth:`bottom_hand` lies: its label ("Bob's hand") and a row of cards
        along the court's bottom, under the words of the game's end."""
        shown = self.bottom_hand()
        if shown is None or "court" not in self.table.rects:
            return None
        area = self.area_now()
        seat, hand = shown
        label = f"{self.table.name(seat)}'s hand"
        size = max(13, min(19, area.h // 9))
        lw = get_font(size, bold=True).size(label)[0]
        ch = max(30, area.h * 2 // 5)
        cw = int(ch / CARD_RATIO)
        x0 = area.x + 4 + lw + 12
        n = len(hand)
        step = min(cw + 6, max(6, (area.right - 4 - x0 - cw) // max(1, n - 1))) if n > 1 else 0
        y = area.bottom - ch - 2
        return (
            label,
            pygame.Rect(area.x + 4, y + ch // 2 - size, lw, 2 * size),
            [pygame.Rect(x0 + i * step, y, cw, ch) for i in range(n)],
        )

    def draw_court_idle(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """No trial: say what a turn may do, and how the last trial ended (at the end, on
        the public screen, above the bottom seat's hand laid open)."""
        table = self.table
        v = table.view
        size = max(13, min(19, area.h // 9))
        font = get_font(size)
        place = self.bottom_hand_place() if v.get("over") else None
        if place is not None:
            label, at, cards = place
            said = text(label, size, theme.PARCHMENT, bold=True)
            surface.blit(said, said.get_rect(midleft=at.midleft))
            area = pygame.Rect(area.x, area.y, area.w, cards[0].y - 4 - area.y)  # the words above the row
        lines: list[tuple[str, tuple]] = []
        if v.get("over"):
            scores = v.get("scores") or []
            winners = listed([table.name(w) for w in v.get("winners") or []])
            lines.append(
                (
                    "Game over \u2014 " + ", ".join(f"{table.name(i)} ${s}" for i, s in enumerate(scores)),
                    theme.HIGHLIGHT,
                )
            )
            lines.append((f"Most money wins: {winners}.", theme.PARCHMENT))
        else:
            turn = v.get("turn")
            lines.append(
                (
                    f"{table.name(turn)}'s turn: buy a lineup card, build a case, defend a pending case, "
                    "prosecute your own, or pass.",
                    theme.PARCHMENT,
                )
            )
            streak = v.get("pass_streak", 0)
            if streak:
                lines.append(
                    (
                        f"{streak} pass{'es' if streak != 1 else ''} in a row ({table.players} in a row end the game).",
                        theme.TEXT_MUTED,
                    )
                )
        last = None
        for e in reversed(table.log_events):
            if e.get("type") in ("verdict", "plea", "mistrial", "continuance") and (
                e.get("type") != "plea" or e.get("accepted")
            ):
                last = e
                break
        if last is not None:
            lines.append(("Last trial: " + table.describe_event(last), theme.TEXT_LIGHT))
        y = area.y + 6
        for sentence, col in lines:
            for line in wrap_text(sentence, font, area.w - 10):
                if y + font.get_linesize() > area.bottom:
                    return
                surface.blit(font.render(line, True, col), (area.x + 4, y))
                y += font.get_linesize()
            y += 4

    def fly_others_cards(self, old: dict, new: dict) -> None:
        """Cards someone else just put into the court fly there from their seat, so a
        move made elsewhere (a LAN seat, a bot) can be followed."""
        table = self.table
        old_trial, new_trial = old.get("trial") or {}, new.get("trial") or {}
        if not new_trial:
            table._flown = set()
            return
        before = set(old_trial.get("played") or [])
        fresh = [c for c in new_trial.get("played") or [] if c not in before and c not in table._flown]
        table.geometry()
        by_card = {e.get("card"): e.get("seat") for e in table.log_events[-12:] if e.get("type") == "play"}
        for i, card in enumerate(fresh[-3:]):
            dest = self.court_cards.get(card)
            seat = by_card.get(card)
            zone = table.seat_zone(seat) if isinstance(seat, int) else None
            if dest is None or zone is None or seat == new.get("seat"):
                continue
            start = (zone.centerx - dest.w // 2, zone.centery - dest.h // 2)
            table.fly(table.art.face(table.game, card, dest.size), start, dest.topleft, FLY_SECONDS, delay=0.06 * i)
        table._flown = set()
