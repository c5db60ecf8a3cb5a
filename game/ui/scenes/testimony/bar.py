"""The banner strip: the buttons of the shown seat's legal commands (invite, investigate,
accept / decline, show a card, accuse / defend / discard, start the next game), or the
public banner of a decision the whole table watches in hot-seat (an invitation's answer,
the start of the next game: ``source.public_decision()``).

:class:`ActionBar` is a panel the table owns (``table.bar``): it makes the table's
buttons and public banner (the table's ``make_buttons`` / ``make_banner``), opens the
table's picks (``table.pick``) and choosers (``table.prompt``) for the actions that
name a seat, and sends through ``table.submit`` (or ``source.submit_public`` for a
decision the whole table watches). It reads ``view``, ``legal_cmds``, ``rects`` and
whether a reveal is open (``table.reveal``: the standings' button opens it again)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.scenes import testimony_text as words
from game.ui.scenes.table.common import RowBanner, bar_buttons
from game.ui.scenes.table_base import Pick, Prompt, text
from game.ui.scenes.testimony.common import felt_panel, fit_text
from game.ui.widgets import Banner, Button
from game.ui.wording import listed

#: the share's buttons, under the bar's "Show one card to your partner." (no "Show …" of
#: their own: three of them were cut to "Show your Charac…" in a 1024x640 window)
SHOW_LABELS = {
    "character": ("Your Character (C)", "c"),
    "belief_heathen": ("Heathen Belief (H)", "h"),
    "belief_puritan": ("Puritan Belief (P)", "p"),
}


#: shorter wordings of the action bar's sentences, for a narrow bar (tried in order)
BAR_SHORTER: dict[str, tuple[str, ...]] = {
    "Bear testimony: a token in front of someone, or discard one.": (
        "Bear testimony: place a token or discard one.",
        "Place a token or discard one.",
    ),
    "Your action: share with someone, or investigate.": (
        "Share with someone, or investigate.",
        "Share or investigate.",
    ),
    "Show one card to your partner.": ("Show your partner a card.", "Show a card."),
}


class PublicBanner(RowBanner):
    """The public banner laid out for a low strip: words left, buttons right."""

    MIN_BUTTON = 110
    BUTTON_SHARE = 0.55

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        felt_panel(surface, self.rect, alpha=245, edge=theme.HIGHLIGHT, width=3)
        right = min((b.rect.x for b in self.buttons), default=self.rect.right - 10)
        font = get_font(self.font_size, bold=True)
        lines = wrap_text(self.prompt, font, max(80, right - self.rect.x - 24))[:2]
        y = self.rect.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            surface.blit(font.render(line, True, theme.HIGHLIGHT), (self.rect.x + 14, y))
            y += font.get_linesize()
        for b in self.buttons:
            b.draw(surface)


class ActionBar:
    """The action bar's buttons, the public banner, and the picks and choosers of the
    actions that name a seat (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        """The bar with no public banner over it: what the shown seat is asked to do, on
        the static table (the buttons are drawn by the table)."""
        t = self.table
        bar = pygame.Rect(t.rects["banner"])
        felt_panel(surface, bar, alpha=180, width=1)
        line = self.bar_words()
        if line:
            top = max(13, min(18, bar.h // 4))
            right = min((b.rect.x for b in t.buttons if b.rect.colliderect(bar)), default=bar.right)
            room = right - bar.x - 24
            # the whole sentence at the largest size that fits, else a shorter wording
            # ("… or di…" was once cut at 1280x720), cut only as a last resort
            variants = [line, *BAR_SHORTER.get(line, ())]
            said, size = next(
                ((v, z) for v in variants for z in range(top, 12, -1) if get_font(z, bold=True).size(v)[0] <= room),
                (variants[-1], 13),
            )
            shown = fit_text(said, size, room, bold=True)
            image = text(shown, size, theme.PARCHMENT, bold=True)
            drawn = surface.blit(image, image.get_rect(midleft=(bar.x + 14, bar.centery)))
            t.note_text("action bar", said, shown, [drawn], bar)

    def words_key(self) -> tuple:
        """Everything the bar's sentence shows: its words and the buttons' place in the bar."""
        t = self.table
        bar = pygame.Rect(t.rects["banner"])
        return (self.bar_words(), min((b.rect.x for b in t.buttons if b.rect.colliderect(bar)), default=bar.right))

    def bar_words(self) -> str:
        """What the shown seat is asked to do, on the left of the action bar."""
        v = self.table.view
        seat = v.get("seat")
        players = list(self.table.source.players)
        stage = v.get("stage")
        if stage == "over":
            return "The match is over."
        if seat is None and self.table.watching():
            return "You are watching."
        if seat is None or seat not in (v.get("to_act") or []):
            # the public table: who the table waits for (the hand's place already says that
            # no hand is shown; the bar said it a second time)
            acting = [words.seat_name(s, players) for s in v.get("to_act") or []]
            return f"Waiting for {listed(acting)}." if acting else "The screen is shared: no hand is shown."
        if stage == "action":
            return "Your action: share with someone, or investigate."
        if stage == "answer":
            return f"{words.seat_name((v.get('invite') or {}).get('by'), players)} invites you to share."
        if stage == "share":
            return "Show one card to your partner."
        if stage == "testify":
            return "Bear testimony: a token in front of someone, or discard one."
        if stage == "between":
            return "You scored lowest: you begin the next game."
        return ""

    # ------------------------------------------------------------- the decisions --
    def public_decision(self) -> tuple[int, list[dict]] | None:
        fn = getattr(self.table.source, "public_decision", None)
        if fn is None:
            return None
        try:
            return fn()
        except Exception:
            return None

    def make_banner(self) -> Banner | None:
        decision = self.public_decision()
        if decision is None or self.table.my_seat() is not None:
            return None
        seat, commands = decision
        players = list(self.table.source.players)
        who = words.seat_name(seat, players)
        v = self.table.view
        actions: list[tuple[str, Callable[[], Any]]] = []
        if any(c.get("type") == "answer_invite" for c in commands):
            inviter = words.seat_name((v.get("invite") or {}).get("by"), players)
            prompt = f"{inviter} invites {who} to share. {who}, in front of everyone: do you accept?"
            actions = [
                (f"{who}: Accept (A)", lambda: self.decide(seat, {"type": "answer_invite", "accept": True})),
                (f"{who}: Decline (X)", lambda: self.decide(seat, {"type": "answer_invite", "accept": False})),
            ]
        elif any(c.get("type") == "next_game" for c in commands):
            prompt = (
                f"Game {v.get('game_no')} is over. {who} scored lowest and begins game {(v.get('game_no') or 0) + 1}."
            )
            if self.table.telling():
                prompt = f"Game {v.get('game_no')} is over: the reveal (click it to skip to the end)."
            actions = [
                (f"Start game {(v.get('game_no') or 0) + 1} (Enter)", lambda: self.decide(seat, {"type": "next_game"}))
            ]
        else:
            return None
        bar = pygame.Rect(self.table.rects["banner"])
        banner = PublicBanner(bar, prompt, actions, font_size=max(14, min(20, bar.h // 3)))
        hotkeys = ["a", "x"] if len(actions) == 2 else [uinput.CONFIRM]
        for b, key, (label, _cb) in zip(banner.buttons, hotkeys, actions):
            b.hotkey = key
            b.name = "public:" + label.split(": ")[-1].split(" (")[0].lower().replace(" ", "_")
            b.style = "primary" if "Accept" in label or "Start" in label else "normal"
        return banner

    def decide(self, seat: int, command: dict) -> None:
        fn = getattr(self.table.source, "submit_public", None)
        if fn is None:
            self.table.toast("Only the player asked can answer, on their own screen.")
            return
        problem = fn(seat, command)
        if problem:
            self.table.toast(str(problem))
        self.table.sync()

    # ------------------------------------------------------------------- buttons --
    def make_buttons(self) -> list[Button]:
        specs: list[tuple[str, str, Any, str | None, str]] = []
        invites = self.table.legal_of("invite")
        looks = [c for c in self.table.legal_of("investigate") if "seat2" not in c]
        doubles = [c for c in self.table.legal_of("investigate") if "seat2" in c]
        if invites or looks:
            if invites:
                specs.append(("invite", "Share\u2026 (S)", self.start_invite, "s", "primary"))
            specs.append(("investigate", "Investigate\u2026 (I)", self.start_investigate, "i", "normal"))
            if doubles:
                specs.append(("double", "Investigate two\u2026 (T)", self.start_double, "t", "normal"))
        if self.table.legal_of("answer_invite"):
            specs.append(
                (
                    "accept",
                    "Accept (A)",
                    lambda: self.do({"type": "answer_invite", "accept": True}),
                    "a",
                    "primary",
                )
            )
            specs.append(
                (
                    "decline",
                    "Decline (X)",
                    lambda: self.do({"type": "answer_invite", "accept": False}),
                    "x",
                    "normal",
                )
            )
        for c in self.table.legal_of("show"):
            label, key = SHOW_LABELS.get(c["card"], (c["card"], None))
            specs.append(
                (
                    f"show:{c['card']}",
                    label,
                    lambda cmd=c: self.do(cmd),
                    key,
                    "primary" if c["card"] == "character" else "normal",
                )
            )
        if self.table.legal_of("testify"):
            specs.append(("accuse", "Accuse\u2026 (A)", lambda: self.start_testify("accuse"), "a", "danger"))
            specs.append(("defend", "Defend\u2026 (D)", lambda: self.start_testify("defend"), "d", "primary"))
        if self.table.legal_of("discard_token"):
            specs.append(("discard", "Discard a token (X)", lambda: self.do({"type": "discard_token"}), "x", "normal"))
        if self.table.legal_of("next_game"):
            specs.append(
                (
                    "next_game",
                    f"Start game {(self.table.view.get('game_no') or 0) + 1} (Enter)",
                    lambda: self.do({"type": "next_game"}),
                    uinput.CONFIRM,
                    "primary",
                )
            )
        if self.table.my_seat() is None and self.public_decision() is not None:
            specs = []  # the public banner holds the buttons of the moment
        return self.layout_bar(specs) + self.result_button() + self.table.talk.talk_buttons()

    def result_button(self) -> list[Button]:
        """ "Show the result" under the match standings, once a game has ended."""
        if (
            not self.table.view.get("history")
            or (self.table.reveal and self.table.reveal.get("open"))
            or "standings" not in self.table.rects
        ):
            return []
        r = pygame.Rect(self.table.rects["standings"])
        size = max(12, min(16, r.h // 24))
        bh = size + 16
        rect = pygame.Rect(r.x + 10, r.bottom - bh - 10, r.w - 20, bh)
        return [
            Button(
                rect,
                "Show the last result (V)",
                self.table.result.open_last_reveal,
                font_size=size,
                hotkey="v",
                name="show_result",
            )
        ]

    def layout_bar(self, specs: list[tuple[str, str, Any, str | None, str]]) -> list[Button]:
        if not specs or "banner" not in self.table.rects:
            return []
        return bar_buttons(pygame.Rect(self.table.rects["banner"]), specs, max_size=19, share=0.66)

    def do(self, command: dict) -> None:
        self.table.submit(command)

    # ---------------------------------------------------------------- the picks --
    def seat_targets(self, kind: str, **match: Any) -> list[tuple[str, Any]]:
        return [
            ("seat", c["seat"])
            for c in self.table.legal_of(kind)
            if all(c.get(k) == val for k, val in match.items()) and "seat2" not in c
        ]

    def start_invite(self) -> None:
        self.table.pick = Pick(
            "Click the player you invite to share (Esc cancels).",
            self.seat_targets("invite"),
            lambda t: self.do({"type": "invite", "seat": t[1]}),
        )
        self.table.message = self.table.pick.title

    def start_investigate(self) -> None:
        self.table.pick = Pick(
            "Click the player whose tokens you look at (Esc cancels).",
            self.seat_targets("investigate"),
            lambda t: self.do({"type": "investigate", "seat": t[1]}),
        )
        self.table.message = self.table.pick.title

    def start_double(self) -> None:
        firsts = sorted({c["seat"] for c in self.table.legal_of("investigate") if "seat2" in c})

        def second(first: tuple[str, Any]) -> None:
            seconds = [
                ("seat", c["seat2"])
                for c in self.table.legal_of("investigate")
                if c.get("seat") == first[1] and "seat2" in c
            ]
            self.table.pick = Pick(
                f"Now click the second player, after {self.table.name(first[1])} (Esc cancels).",
                seconds,
                lambda t: self.do({"type": "investigate", "seat": first[1], "seat2": t[1]}),
                chosen=(first,),
            )
            self.table.message = self.table.pick.title

        self.table.pick = Pick(
            "Cunning Woman: click the first of two players (Esc cancels).", [("seat", s) for s in firsts], second
        )
        self.table.message = self.table.pick.title

    def start_testify(self, side: str) -> None:
        word = "accuse" if side == "accuse" else "defend"
        self.table.pick = Pick(
            f"Click the player you {word} (a token, {words.SIDE_WORDS[side]} side up; Esc cancels).",
            self.seat_targets("testify", side=side),
            lambda t: self.do({"type": "testify", "seat": t[1], "side": side}),
        )
        self.table.message = self.table.pick.title

    def seat_prompt(self, seat: int, anchor: tuple[int, int]) -> bool:
        """A click on a seat plate: what the shown seat may do to that seat now."""
        players = list(self.table.source.players)
        who = words.seat_name(seat, players)
        options: list[tuple[str, dict]] = []
        for c in self.table.legal_cmds:
            if c.get("seat") != seat:
                continue
            kind = c.get("type")
            if kind == "invite":
                options.append((f"Invite {who} to share", c))
            elif kind == "investigate" and "seat2" not in c:
                options.append((f"Investigate {who}", c))
            elif kind == "testify":
                label = (
                    f"Accuse {who} (accusation side up)" if c["side"] == "accuse" else f"Defend {who} (defense side up)"
                )
                options.append((label, c))
        if not options:
            return False
        if len(options) == 1:
            self.do(options[0][1])
            return True
        self.table.prompt = Prompt(f"{who}:", options, self.do, anchor=anchor)
        return True
