"""The conflict panel (docs/rules/malleus.md §3.3-§3.7): the declaration, the scene, both sides' live
bonuses with every term shown (standing + floor(pool / 3) + facts; docs/rules/malleus.md §6 R10), the pending
citations, the dice (3d6, animated) against the target number, and the outcome. Between
conflicts the same zone shows where the story stands (round, turn, building progress).

The FOR and AGAINST columns are drop targets: dragging a fact there cites it for that side.
"""

from __future__ import annotations

import math

import pygame

from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.scenes.malleus.common import (
    AGAINST_COLOUR,
    FOR_COLOUR,
    KIND_TITLES,
    STEP_WORDS,
    Names,
    conflict_title,
    place_words,
    seat_colour,
)
from game.ui.scenes.malleus.dice import dice_row_fit, paint_die
from game.ui.scenes.malleus.picture import Picture
from game.ui.scenes.malleus.sides import SideColumns
from game.ui.scenes.table_base import panel, text
from game.ui.wording import listed

DICE_SECONDS = 0.45


class ConflictPanel:
    """The Malleus table's conflict zone, owned by the table: the dice animation, the
    FOR / AGAINST columns (drop targets) and the fact lines under the pointer are its own."""

    def __init__(self, table) -> None:
        self.table = table
        self.dice_anim: dict | None = None
        self._columns: dict[str, pygame.Rect] = {}
        self._fact_hover: list[tuple[pygame.Rect, str]] = []
        self.picture = Picture()  # the zone as last painted (picture.py)
        self._citers: tuple | None = None  # (conflict, the log list read, who cited what)
        self.sides = SideColumns(self)  # what each side's column says, and its buttons

    def conflict_rect(self) -> pygame.Rect:
        return pygame.Rect(self.table.rects.get("conflict") or (0, 0, 10, 10))

    def side_columns(self) -> dict[str, pygame.Rect]:
        """The FOR / AGAINST columns (drop targets for citations), when a conflict is open."""
        return dict(self._columns)

    def fact_lines(self) -> list[tuple[pygame.Rect, str]]:
        """Where each fact's line was drawn last (rect, fact id): the whole fact shows on hover."""
        return list(self._fact_hover)

    # ------------------------------------------------------------------ dice anim ----
    def start_dice(self, rolls: list[dict]) -> None:
        """Dice were rolled: they drop onto the table showing the faces rolled from the
        first frame (no tumbling faces that could be mistaken for the roll)."""
        self.dice_anim = {"t": 0.0, "sides": {r.get("side") for r in rolls}}
        self.table.dirty = True

    def dice_running(self) -> bool:
        anim = self.dice_anim
        return bool(anim) and anim["t"] < DICE_SECONDS * self.table.anim_factor

    def step_dice(self, dt: float) -> None:
        anim = self.dice_anim
        if anim and anim["t"] < DICE_SECONDS * self.table.anim_factor:
            anim["t"] += dt
            self.table.dirty = True
            if anim["t"] >= DICE_SECONDS * self.table.anim_factor:
                self.table._static_key = None  # settled: the table is drawn once more, as it stands

    def dice_drop(self, side: str) -> float:
        """How far above its place a die of ``side`` is now (0 when it lies still), as a
        share of its size: a short fall and one small bounce."""
        anim = self.dice_anim
        if not anim or side not in anim["sides"] or not self.dice_running():
            return 0.0
        t = anim["t"] / max(1e-6, DICE_SECONDS * self.table.anim_factor)
        if t < 0.6:
            return (1 - t / 0.6) ** 2 * 0.8
        return 0.18 * math.sin((t - 0.6) / 0.4 * math.pi)

    def draw_die(self, surface: pygame.Surface, rect: pygame.Rect, value: int, colour=(246, 238, 220)) -> None:
        paint_die(surface, rect, value, colour)

    def shown_dice(self, side: str, real: list[int] | None) -> list[int] | None:
        """The faces drawn for a side: always the faces rolled."""
        return list(real) if real is not None else None

    # ------------------------------------------------------------------- drawing ----
    #: the parts of the view the zone shows
    KEY_PARTS = (
        "conflict",
        "phase",
        "round",
        "step",
        "turn",
        "building",
        "participants",
        "choosing",
        "players",
        "collect",
        "turn_order",
        "bribery",
        "winners",
        "scenes",
        "villagers",
        "stereotypes",
    )

    def draw_zone(self, surface: pygame.Surface) -> None:
        """The zone on the table's static part: left as it is while nothing
        it shows changed; painted each time while dice fall or a fact is carried over it."""
        t = self.table
        key = None
        if not self.dice_running() and t.fact_drag is None:
            c = t.view.get("conflict")
            facts = t.view.get("facts") or {}
            bonus = (c or {}).get("bonus") or {}
            named = list((c or {}).get("facts") or ()) + [ci.get("fact") for ci in (c or {}).get("citations") or ()]
            for side in bonus.values():
                named += list((side or {}).get("facts") or ())
            cited = [(fid, facts.get(fid)) for fid in named]  # the facts it names, in their words now
            key = (
                t.size,
                tuple(self.conflict_rect()),
                [t.view.get(k) for k in self.KEY_PARTS],
                cited,
                tuple(t.source.players),
                self.citers(c.get("id")) if c else None,
                [(b.name, b.label) for b in t.bar.panel_buttons],
            )
        self.picture.draw(t, surface, self.conflict_rect(), key, self.draw_conflict_zone, t.bar.panel_buttons)

    def draw_conflict_zone(self, surface: pygame.Surface) -> None:
        r = self.conflict_rect()
        panel(surface, r, alpha=235)
        self._columns = {}
        self._fact_hover = []
        c = self.table.view.get("conflict")
        if c:
            self.draw_conflict(surface, r, c)
        else:
            self.draw_story_status(surface, r)

    def _line(
        self,
        surface,
        words: str,
        x: int,
        y: int,
        width: int,
        size: int,
        colour=theme.TEXT_LIGHT,
        bold: bool = False,
        what: str = "conflict",
    ) -> int:
        font = get_font(size, bold=bold)
        lines = wrap_text(words, font, width)
        drawn = []
        for line in lines:
            drawn.append(surface.blit(text(line, size, colour, bold=bold), (x, y)))
            y += font.get_linesize()
        if drawn:
            self.table.note_text(what, words, " ".join(lines), drawn, pygame.Rect(x, drawn[0].y, width, y - drawn[0].y))
        return y

    def draw_story_status(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        v = self.table.view
        n = self.table.names()
        pad = self.table.px(16)
        x, y, w = r.x + pad, r.y + pad, r.w - 2 * pad
        big, size = max(14, self.table.px(28)), max(12, self.table.px(19))
        phase = v.get("phase")
        title = {
            "trigger": "The trigger event",
            "first_villager": "The first villager",
            "building": "Building the village",
            "choosing": "Choosing villagers",
            "ledgers": "Private ledgers",
            "companions": "Secret companions",
            "over": "The witch-hunt is over",
        }.get(phase, f"Round {v.get('round')}")
        y = self._line(surface, title, x, y, w, big, theme.HIGHLIGHT, bold=True) + self.table.px(6)
        lines: list[tuple[str, tuple]] = []
        b = v.get("building")
        if phase == "trigger":
            lines.append(("The Prévôt records a calamity that could hurt most of Charmes.", theme.TEXT_LIGHT))
        elif phase == "first_villager":
            lines.append(("The Prévôt adds the first villager, with three facts.", theme.TEXT_LIGHT))
        elif phase == "building" and b:
            lines.append(
                (
                    f"Villagers {b['villagers']} of at least {b['threshold']} · passes in a row "
                    f"{b['passes']} of {v.get('participants')}",
                    theme.TEXT_LIGHT,
                )
            )
            lines.append(
                (
                    f"{n.seat_first(b['seat'])} adds a villager, adds a fact and a relationship, or passes.",
                    theme.PARCHMENT,
                )
            )
            lines.append(
                ("Drag from one plate to another to add a relationship; New villager makes a plate.", theme.TEXT_MUTED)
            )
        elif phase == "choosing":
            nxt = (v.get("choosing") or {}).get("next")
            lines.append(
                (f"{n.seat_first(nxt)} chooses a villager to play: click a plate nobody plays.", theme.PARCHMENT)
            )
        elif phase in ("ledgers", "companions"):
            waiting = [
                p["name"]
                for p in v.get("players") or []
                if not (p.get("ledger_in") if phase == "ledgers" else p.get("companion_in"))
            ]
            what = "secret, envy and vendetta" if phase == "ledgers" else "secret companion"
            where = "on their own screen" if self.table.own_screens() else "behind the curtain"
            lines.append((f"Each player writes a {what} {where}.", theme.PARCHMENT))
            if waiting:
                lines.append(("Still to come: " + listed(waiting) + ".", theme.TEXT_MUTED))
        elif phase == "round":
            step = v.get("step")
            turn = v.get("turn")
            if turn is not None:
                lines.append((f"{n.seat_first(turn)}'s turn — {STEP_WORDS.get(step, step)}.", theme.PARCHMENT))
            else:
                lines.append((STEP_WORDS.get(step, str(step)).capitalize() + ".", theme.PARCHMENT))
            col = v.get("collect")
            if col:
                done = listed([n.short_seat(s) for s in col.get("submitted") or []]) or "nobody yet"
                lines.append((f"Secret actions handed in: {done}.", theme.TEXT_LIGHT))
                for note in col.get("notes") or []:
                    lines.append(
                        (f"{n.short_seat(note['from'])} passed a note to {n.short_seat(note['to'])}.", theme.TEXT_MUTED)
                    )
            order = v.get("turn_order") or []
            if order:
                lines.append(("Turn order: " + " → ".join(n.short_seat(s) for s in order), theme.TEXT_MUTED))
            if v.get("bribery"):
                lines.append(
                    ("Bribery window open for: " + listed([n.villager(x) for x in v["bribery"]]) + ".", (240, 160, 120))
                )
        elif phase == "over":
            winners = listed([n.seat(s) for s in v.get("winners") or []])
            lines.append((f"Victory: {winners}.", theme.HIGHLIGHT))
        for words, colour in lines:
            y = self._line(surface, words, x, y, w, size, colour) + self.table.px(4)
        # the strip stands at the panel's foot, as tall as its players need (Prévôt + 5
        # took a fixed 150 px and lost the fifth line in a 1024x640 window)
        top = max(y + self.table.px(8), r.bottom - pad - self.players_strip_height())
        self.draw_players_strip(surface, pygame.Rect(x, top, w, r.bottom - pad - top))

    def players_strip_height(self) -> int:
        """The height the players strip needs: a line per player."""
        line = get_font(max(12, self.table.px(18))).get_linesize() + self.table.px(2)
        return max(self.table.px(138), line * len(self.table.view.get("players") or []))

    def draw_players_strip(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Every player: villager, personal gain (public: docs/rules/malleus.md §6 R33), cards in hand, forfeit."""
        n = self.table.names()
        size = max(12, self.table.px(18))
        line = get_font(size).get_linesize()
        y = box.y
        for p in self.table.view.get("players") or []:
            if y + line > box.bottom + 2:
                break
            chip = pygame.Rect(box.x, y + 2, self.table.px(14), line - 4)
            pygame.draw.rect(surface, seat_colour(p["seat"]), chip, border_radius=chip.w // 2)
            vname = n.villager(p.get("villager")) if p.get("villager") else "no villager yet"
            bits = [f"{p['name']} ({vname})", f"gain {p['personal_gain']}/18", f"{p['hand_count']} cards"]
            if p.get("forfeit"):
                bits.append("forfeits next turn")
            if p.get("secret_revealed"):
                bits.append("secret out")
            self._line(
                surface,
                " · ".join(bits),
                chip.right + self.table.px(8),
                y,
                box.w - chip.w - self.table.px(8),
                size,
                theme.TEXT_LIGHT,
                what="players",
            )
            y += line + self.table.px(2)

    def draw_conflict(self, surface: pygame.Surface, r: pygame.Rect, c: dict) -> None:
        n = self.table.names()
        pad = self.table.px(12)
        x, y, w = r.x + pad, r.y + self.table.px(10), r.w - 2 * pad
        size = max(12, self.table.px(18))
        head = max(13, self.table.px(22))
        kind = KIND_TITLES.get(c.get("kind"), c.get("kind"))
        y = self._line(surface, f"{kind}: {conflict_title(c, n)}", x, y, w, head, theme.HIGHLIGHT, bold=True)
        scene = next((s for s in self.table.view.get("scenes") or [] if s.get("id") == c.get("scene")), None)
        where = f"At {place_words(scene['location'])}" if scene else "The scene is not framed yet"
        present = listed([n.villager(vid) for vid in c.get("present") or []])
        extra = []
        if c.get("intimidated"):
            extra.append("intimidated: " + listed([n.seat(s) for s in c["intimidated"]]))
        if c.get("joined"):
            extra.append("joined unbidden: " + listed([n.seat(s) for s in c["joined"]]))
        if (c.get("params") or {}).get("claimed_text"):
            extra.append(f"claimed secret: “{c['params']['claimed_text']}”")
        y = self._line(
            surface,
            f"{where}{': ' + present if present else ''}." + ("  (" + "; ".join(extra) + ")" if extra else ""),
            x,
            y + self.table.px(2),
            w,
            size - 1,
            theme.TEXT_MUTED,
        ) + self.table.px(4)
        dice_h = self.dice_row_height(c, w)
        col_h = max(self.table.px(90), r.bottom - self.table.px(8) - dice_h - y)
        half = (w - pad) // 2
        bonus = c.get("bonus") or {}
        for i, side in enumerate(("for", "against")):
            col = pygame.Rect(x + i * (half + pad), y, half, col_h)
            self._columns[side] = col
            self.sides.draw_side(surface, col, side, bonus.get(side) or {}, c, n)
        self.draw_dice_row(surface, pygame.Rect(x, y + col_h + self.table.px(6), w, dice_h), c, n)

    def dice_row_height(self, c: dict, width: int) -> int:
        """The height the dice row needs: the dice (if rolled), what they mean and, while
        sides may be taken after the roll, the note saying so."""
        size = max(12, self.table.px(18))
        font = get_font(size + 1, bold=True)
        words, _mood = roll_reading(c, self.table.names(), self.table.view.get("step"))
        h = len(wrap_text(words, font, width)) * font.get_linesize()
        if c.get("roll_for") or c.get("roll_against"):
            h += self.die_size() + self.table.px(6)
        if self.table.view.get("step") == "sides":
            small = get_font(size - 1)
            h += len(wrap_text(SIDES_AFTER_ROLL, small, width)) * small.get_linesize() + self.table.px(2)
        return h + self.table.px(4)

    def die_size(self) -> int:
        """A rolled die's side in the dice row, the height the row keeps for it (smaller
        where both rolls share a narrow row: dice.dice_row_fit)."""
        return max(18, self.table.px(44))

    def citers(self, conflict_id) -> dict:
        """Fact id -> the seat that cited it, in this conflict, from the log (the citation,
        or the approval when it names the citer; docs/rules/malleus.md §3.4)."""
        events = self.table.log_events or []
        memo = self._citers
        if memo is not None and memo[0] == conflict_id and memo[1] is events:
            return dict(memo[2])
        out: dict = {}
        for e in events:
            if e.get("conflict") == conflict_id and e.get("type") in ("cite", "approve") and "by" in e:
                out[e.get("fact")] = e["by"]
        self._citers = (conflict_id, events, out)
        return dict(out)

    def fact_zoom(self, fid: str, width: int) -> pygame.Surface:
        """A fact's whole words in a card (hovered in the conflict panel)."""
        n = self.table.names()
        size = max(12, self.table.px(18))
        font = get_font(size)
        w = max(width, self.table.px(420))
        subject = (self.table.view.get("facts") or {}).get(fid, {}).get("subject")
        head = f"{fid} — about {n.villager(subject)}" if subject else f"{fid} — the village"
        lines = [(head, True)] + [(part, False) for part in wrap_text(n.fact(fid), font, w - self.table.px(30))]
        img = pygame.Surface((w, self.table.px(20) + len(lines) * font.get_linesize()), pygame.SRCALPHA)
        pygame.draw.rect(img, (246, 236, 212), img.get_rect(), border_radius=self.table.px(10))
        pygame.draw.rect(img, (96, 72, 48), img.get_rect(), max(2, self.table.px(3)), border_radius=self.table.px(10))
        y = self.table.px(10)
        for words, bold in lines:
            img.blit(text(words, size, (40, 30, 22), bold=bold), (self.table.px(12), y))
            y += font.get_linesize()
        return img

    def draw_dice_row(self, surface: pygame.Surface, box: pygame.Rect, c: dict, n: Names) -> None:
        """The dice as rolled, each side's sum + bonus = total, then what the roll means:
        if nothing changes (after the actor's roll) or the verdict (once resolved);
        docs/rules/malleus.md §3.6."""
        size = max(12, self.table.px(18))
        die = self.die_size()
        x, row_y = box.x, box.y
        rolled = False
        bonus = c.get("bonus") or {}
        rolls = []
        for side, dice, label in (("for", c.get("roll_for"), "Actor"), ("against", c.get("roll_against"), "Against")):
            faces = self.shown_dice(side, dice)
            if faces is not None:
                rolls.append((side, faces, dice_sum_words(label, dice, (bonus.get(side) or {}).get("total", 0))))
        die, words_size = dice_row_fit(box.w, die, size, [(faces, words) for _s, faces, words in rolls], self.table.px)
        for side, faces, words in rolls:
            t = text(words, words_size, theme.PARCHMENT, bold=True)
            need = (len(faces) * (die + self.table.px(6)) if die else 0) + self.table.px(4) + t.get_width()
            if x > box.x and x + need > box.right:  # the last resort: the next row
                x, row_y = box.x, row_y + max(die, t.get_height()) + self.table.px(6)
            if die:
                lift = int(self.dice_drop(side) * die)
                for value in faces:
                    self.draw_die(surface, pygame.Rect(x, row_y - lift, die, die), value)
                    x += die + self.table.px(6)
            at = surface.blit(t, (x + self.table.px(4), row_y + (max(die, t.get_height()) - t.get_height()) // 2))
            self.table.note_text("dice", words, words, [at], self.conflict_rect())
            x += t.get_width() + self.table.px(22)
            rolled = True
        row_h = max(die, get_font(words_size, bold=True).get_height())  # the dice, or the words alone
        y = row_y + (row_h + self.table.px(6) if rolled else self.table.px(4))
        words, mood = roll_reading(c, n, self.table.view.get("step"))
        colour = {"win": FOR_COLOUR, "loss": AGAINST_COLOUR}.get(
            mood, theme.TEXT_MUTED if mood == "none" else theme.PARCHMENT
        )
        y = self._line(
            surface,
            words,
            box.x,
            y,
            box.w,
            size + (1 if mood in ("win", "loss") else 0),
            colour,
            bold=mood != "none",
            what="outcome" if mood in ("win", "loss") else "dice",
        )
        if self.table.view.get("step") == "sides":
            self._line(
                surface,
                SIDES_AFTER_ROLL,
                box.x,
                y + self.table.px(2),
                box.w,
                size - 1,
                theme.HIGHLIGHT,
                what="sides note",
            )


#: said where sides are taken while the table waits after the actor's roll (§3.4, §3.6.2)
SIDES_AFTER_ROLL = "Sides may still be taken: the rules allow it after the roll, until the Prévôt locks them."


def dice_sum_words(label: str, dice: list[int], bonus: int) -> str:
    """'Actor: 5+5+6 = 16, + 11 = 27' — the faces, their sum, the side's bonus, the total."""
    return f"{label}: {'+'.join(map(str, dice))} = {sum(dice)}, + {bonus} = {sum(dice) + bonus}"


def roll_reading(c: dict, n: Names, step: str | None) -> tuple[str, str]:
    """What the dice mean now, in words, and a mood for the colour ("win", "loss",
    "pending", "none"): the verdict once the conflict is resolved; after the actor's roll,
    the outcome if nothing changes — against the target number when nobody will roll
    against, or the sum the opposing roller must reach (a tie loses for the actor,
    §3.6.4); before any roll, the target number an unopposed roll would face. The engine's
    own reading (``if_unchanged`` in the conflict's view) is used when it gives one."""
    bonus = c.get("bonus") or {}
    for_bonus = (bonus.get("for") or {}).get("total", 0)
    against = (bonus.get("against") or {}).get("total", 0)
    result = c.get("result")
    if result:
        tn = c.get("target_number")
        how = "3d6 + against" if c.get("roll_against") else "9 + against"
        words = (
            f"{c.get('actor_total')} against {tn} ({how}): "
            + ("SUCCESS" if result == "win" else "FAILURE")
            + f", margin {c.get('margin')}."
        )
        if c.get("pending_loss") is not None and step == "aftermath":
            words += f" {n.villager(c.get('loss_target'))} is about to lose {c['pending_loss']}."
        return words, "win" if result == "win" else "loss"
    dice = c.get("roll_for")
    if not dice:
        return f"No dice yet. Unopposed, the target number would be {9 + against} (9 + against).", "none"
    total = sum(dice) + for_bonus
    told = c.get("if_unchanged") or {}
    roller = told.get("opposed_by", c.get("roller")) if told else c.get("roller")
    if roller is None:
        tn = told.get("target_number", 9 + against)
        margin = total - tn
        if margin > 0:
            return f"{total} against {tn} (9 + {against}): a success by {margin} if nothing changes.", "pending"
        tie = " (a tie loses)" if margin == 0 else ""
        return f"{total} against {tn} (9 + {against}): a failure{tie} if nothing changes.", "pending"
    needs = told.get("needs", total - against)
    who = n.seat_first(roller)
    if needs > 18:
        return f"{who} rolls 3d6 + {against} against {total}: no roll can stop it if nothing changes.", "pending"
    if needs <= 3:
        return f"{who} rolls 3d6 + {against} against {total}: any roll stops it if nothing changes.", "pending"
    return (
        f"{who} rolls 3d6 + {against} against {total}: {needs} or more on the dice stops it (a tie stops it).",
        "pending",
    )
