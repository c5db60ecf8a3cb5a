"""The banner strip under the court: the action bar (what is asked now and the
buttons of the legal commands) or, when nobody's hand is shown, the public banner (D3)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.fonts import get_font, render_text
from game.ui.scenes import witch_trial_text as words
from game.ui.scenes.table.common import RowBanner, bar_buttons
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import Prompt, blit_text, fit_lines
from game.ui.scenes.witch_trial.common import felt_panel
from game.ui.widgets import Banner, Button
from game.ui.wording import listed


def strip_text(surface: pygame.Surface, words: str, box: pygame.Rect, size: int, colour, scene: Any, what: str) -> None:
    """``words`` in at most two lines centred down ``box``, read whole:
    the bold font steps down from ``size`` to 11 px until they fit."""
    size, lines = fit_lines(words, box.w, box.h, size, bold=True, max_lines=2)
    font = get_font(size, bold=True)
    y = box.centery - len(lines) * font.get_linesize() // 2
    drawn = []
    for line in lines:
        drawn.append(blit_text(surface, render_text(line, size, colour, bold=True), (box.x, y)))
        y += font.get_linesize()
    if scene is not None:
        scene.note_text(what, words, " ".join(lines), drawn, box)


class SideBanner(RowBanner):
    """The public banner laid out for a low strip: the prompt on the left, the buttons
    in one row on the right (the shared Banner stacks them, which needs more height)."""

    scene: Any = None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        felt_panel(surface, self.rect, color=theme.PANEL, alpha=245, edge=theme.HIGHLIGHT, width=3)
        right = min((b.rect.x for b in self.buttons), default=self.rect.right - 10)
        box = pygame.Rect(self.rect.x + 14, self.rect.y + 3, max(80, right - self.rect.x - 24), self.rect.h - 6)
        strip_text(surface, self.prompt, box, self.font_size, theme.HIGHLIGHT, self.scene, "banner")
        for b in self.buttons:
            b.draw(surface)


class ActionBar(Panel):
    """The action bar (zone ``banner``): the prompt line and the buttons of the legal
    commands, or the public banner when nobody's hand is shown."""

    def banner_seats(self) -> list[int]:
        table = self.table
        fn = getattr(table.source, "banner_seats", None)
        if fn is not None:
            return list(fn())
        if table.view.get("seat") is not None:
            return []
        return [s for s in table.pending_public() if table.source.is_human(s)]

    def make_buttons(self) -> list[Button]:
        table = self.table
        table.stepper = None
        table.dialog_rect = None
        specs: list[tuple[str, str, Any, str | None, str]] = []
        plea = table.plea_window()
        if table.legal_of("offer_plea") and plea is not None:
            return table._plea_offer_widgets(plea)
        if table.legal_of("answer_plea") and plea is not None:
            return table._plea_answer_widgets(plea)
        if table.legal_of("no_objection"):
            if table.legal_of("object"):
                specs.append(("object", "Object! (O)", self.object_now, "o", "danger"))
            specs.append(("no_objection", "No objection (N)", lambda: self.do({"type": "no_objection"}), "n", "normal"))
        if table.legal_of("rest"):
            specs.append(("rest", "Rest (R)", lambda: self.do({"type": "rest"}), "r", "primary"))
        defends = table.legal_of("defend")
        if table.legal_of("prosecute"):
            specs.append(("prosecute", "Prosecute (P)", lambda: self.do({"type": "prosecute"}), "p", "danger"))
        if len(defends) == 1:
            owner = defends[0]["case_owner"]
            specs.append(
                (f"defend:{owner}", f"Defend {table.name(owner)} (D)", lambda o=owner: self.defend(o), "d", "normal")
            )
        elif defends:
            for c in defends:
                owner = c["case_owner"]
                specs.append(
                    (f"defend:{owner}", f"Defend {table.name(owner)}", lambda o=owner: self.defend(o), None, "normal")
                )
        if table.legal_of("pass"):
            specs.append(("pass", "Pass (Space)", lambda: self.do({"type": "pass"}), uinput.PASS, "normal"))
        if not specs:
            return []
        return bar_buttons(pygame.Rect(table.rects["banner"]), specs, max_size=20, share=0.62)

    def do(self, command: dict) -> None:
        table = self.table
        table.submit(command)

    def defend(self, owner: int | None = None) -> None:
        table = self.table
        options = [c["case_owner"] for c in table.legal_of("defend")]
        if owner is not None:
            table.submit({"type": "defend", "case_owner": owner})
            return
        if len(options) == 1:
            table.submit({"type": "defend", "case_owner": options[0]})
            return
        if not options:
            table.toast("There is no case you can defend now.")
            return
        labels = []
        for o in options:
            case = table.player(o).get("pending_case") or {}
            labels.append(
                (
                    f"{table.name(o)}'s case: {words.card_name(case.get('suspect'))} for "
                    f"{words.card_name(case.get('charge'))}",
                    o,
                )
            )
        table.prompt = Prompt(
            "Defend whose case?",
            labels,
            lambda o: table.submit({"type": "defend", "case_owner": o}),
            None,
            anchor=pygame.Rect(table.rects["court"]).center,
        )

    def object_now(self) -> None:
        table = self.table
        options = table.legal_of("object")
        if not options:
            table.toast("You hold no Objection.")
            return
        table.send(options[0], options[0]["card"])

    def make_banner(self) -> Banner | None:
        """The public banner (D3): an open Motion window seen by anyone but the lawyer
        asked, or a hot-seat table waiting for someone to sit down."""
        table = self.table
        v = table.view
        seat = v.get("seat")
        motion = table.trial().get("motion")
        seats = self.banner_seats()
        actions: list[tuple[str, str, Any]] = []
        if v.get("over"):
            return None
        if motion and seat != motion.get("awaiting"):
            awaiting = motion.get("awaiting")
            asked = [s for s in seats if s == awaiting] or (
                [awaiting] if seat is None and isinstance(awaiting, int) and table.source.is_human(awaiting) else []
            )
            for s in asked:
                actions.append((f"seat:{s}", f"{table.name(s)} answers", lambda s=s: table.source.request_seat(s)))
            can_pass_all = getattr(table.source, "can_pass_all", None)
            if seat is None and asked and can_pass_all is not None and can_pass_all():
                actions.append(("no_objection", "No objection (N)", table.no_answers))
            prompt = (
                f"Objection? {table.name(motion.get('by'))} moves {words.card_name(motion.get('card'))}. "
                f"{table.name(awaiting)} may object or let it stand."
            )
        elif seat is None and seats:
            for s in seats:
                actions.append((f"seat:{s}", table.name(s), lambda s=s: table.source.request_seat(s)))
            prompt = "Who sits at the screen now? " + listed([table.name(s) for s in seats], "or") + " may act."
        else:
            return None
        r = pygame.Rect(table.rects["banner"])
        size = max(14, min(20, r.h // 3))
        banner = SideBanner(r, prompt, [(lbl, cb) for _n, lbl, cb in actions], font_size=size)
        banner.scene = self.table
        for b, (name, _lbl, _cb) in zip(banner.buttons, actions):
            b.name = name
            if name == "no_objection":
                b.hotkey = "n"
        return banner

    def action_bar_key(self) -> Any:
        """Everything ``draw_action_bar`` reads (or that a public banner covers the zone)."""
        table = self.table
        if table.banner is not None:
            return None
        bar = pygame.Rect(table.rects["banner"])
        return (
            self.action_bar_head(),
            min((b.rect.x for b in table.buttons if b.rect.colliderect(bar)), default=bar.right - 8),
        )

    def action_bar_head(self) -> str:
        table = self.table
        v = table.view
        trial = table.trial()
        seat = v.get("seat")
        if v.get("over"):
            head = "Game over \u2014 see the scores; most money wins."
        elif trial:
            head = table.who_plays(trial)
            head += "" if head.endswith("?") else "."
            if trial.get("motion") and seat == trial["motion"].get("awaiting"):
                head = (
                    f"Objection? {table.name(trial['motion'].get('by'))} moves "
                    f"{words.card_name(trial['motion'].get('card'))}: drop an Objection on it, or let it stand."
                )
        else:
            head = f"{table.name(v.get('turn'))}'s turn: one action."
        return head

    def draw_action_bar(self, surface: pygame.Surface) -> None:
        """The banner zone when no public banner is up: what is asked now, and the buttons."""
        table = self.table
        bar = pygame.Rect(table.rects["banner"])
        felt_panel(surface, bar, alpha=215)
        size = max(13, min(20, bar.h // 3))
        right = min((b.rect.x for b in table.buttons if b.rect.colliderect(bar)), default=bar.right - 8)
        box = pygame.Rect(bar.x + 12, bar.y + 3, max(80, right - bar.x - 24), bar.h - 6)
        strip_text(surface, self.action_bar_head(), box, size, theme.PARCHMENT, self.table, "action bar")
