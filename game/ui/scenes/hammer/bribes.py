"""The sealed-bribe tray (docs/rules/hammer.md §8.2): bribes staged face down, sent with the next move.

A Bribe dropped on a villager (or on the tray, then a villager is clicked) asks for the
sign and is *staged*: it leaves the fan and lies face down in the seat's own tray at the
right end of the hand, captioned for its owner ("+2 Berta"). Nothing is sent: the staged
bribes ride, as the ``bribes`` field, on the next command this seat sends that may carry
them (every command after setup), so sealing never shows as a move of its own. Until
then a staged bribe can be taken back: click it, drag it back to the hand, or press
Backspace (the last one staged). Bribes already sealed in the box are listed under the
tray ("in the box") until it opens.

Staging is kept per seat and shown only while that seat is on screen (hot-seat: the
curtain changes the seat, the tray follows). A staged bribe whose card left the hand or
whose villager is gone falls back out of the tray.

Staging is UI state: a hot-seat source keeps it in ``source.ui_state`` (under
``staged_bribes``, seat -> entries), which the session saves in the autosave's
``extra['ui']``, so Save and leave / Quit then Continue finds each seat's tray as it was
(and still only behind that seat's curtain: the tray shows for ``view['seat']`` only). A
LAN table keeps it in the scene only; its table menu says that leaving puts a staged
bribe back in the hand (:meth:`BribeTray.leave_warning`).
"""

from __future__ import annotations

import logging

import pygame

from game.rules.hammer import SEALING_COMMANDS
from game.ui import input as uinput
from game.ui import theme
from game.ui.input import InputEvent
from game.ui.scenes import hammer_text as words
from game.ui.scenes.hammer.common import CARD_RATIO
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import Pick, Prompt, TableScene, Target, text
from game.ui.session import save_ui_state
from game.ui.sprites import CardSprite

log = logging.getLogger(__name__)

#: the key of the staged bribes in ``source.ui_state`` (saved with a hot-seat game)
UI_KEY = "staged_bribes"
#: what a LAN table's menu says while bribes are staged (they are not kept by leaving)
LEAVE_WARNING = (
    "Leaving: your staged bribe goes back to your hand.",
    "Leaving: your staged bribes go back to your hand.",
)

TRAY_TITLE = "Sealed bribes"
TRAY_NOTE = ("goes with your next move", "go with your next move")  # one / several staged


class BribeTray(Panel):
    """Staging, drawing and taking back sealed bribes (see the module docstring): the
    tray at the right end of the hand zone, the staged bribes as sprites in it."""

    def __init__(self, table) -> None:
        super().__init__(table)
        #: str(seat) -> bribes staged in its tray, where the source keeps no ui_state (LAN)
        self.staging: dict[str, list[dict]] = {}
        #: the Bribe lying in the tray while its villager / sign is chosen
        self.tray_pending: str | None = None
        #: a Bribe dropped on a villager, lying there while its sign is chosen
        self.bribe_aside: str | None = None

    def contains(self, pos: tuple[int, int]) -> bool:
        tray = self.tray_rect()
        return tray is not None and tray.collidepoint(pos)

    # ------------------------------------------------------------------ the state --
    def _staging_store(self) -> tuple[dict, bool]:
        """Where staged bribes are kept (seat as a string -> entries) and whether that
        store is saved with the game: the source's ``ui_state`` when it has one (hot-seat),
        else the scene's own dict (LAN)."""
        t = self.table
        state = getattr(t.source, "ui_state", None)
        if isinstance(state, dict):
            store = state.get(UI_KEY)
            if not isinstance(store, dict):
                store = state[UI_KEY] = {}
            return store, True
        return self.staging, False

    def staging_kept(self) -> bool:
        """Staged bribes survive leaving the table (saved with a hot-seat game)."""
        t = self.table
        return self._staging_store()[1] and getattr(t.source, "save_path", None) is not None

    def _entries(self, seat: int) -> list[dict]:
        """``seat``'s staged entries as stored; anything malformed (a hand-edited save) is
        left out."""
        raw = self._staging_store()[0].get(str(seat))
        if not isinstance(raw, list):
            return []
        return [
            {"card": b["card"], "target": b["target"], "sign": b["sign"]}
            for b in raw
            if isinstance(b, dict)
            and isinstance(b.get("card"), str)
            and isinstance(b.get("target"), str)
            and b.get("sign") in (1, -1)
            and not isinstance(b.get("sign"), bool)
        ]

    def _set_entries(self, seat: int, entries: list[dict]) -> None:
        t = self.table
        store, saved = self._staging_store()
        if entries:
            store[str(seat)] = [dict(b) for b in entries]
        else:
            store.pop(str(seat), None)
        if saved:
            try:
                save_ui_state(t.source)
            except Exception:  # a save problem is shown by the session's own message
                log.exception("saving the staged bribes failed")

    def real_hand(self) -> list[str]:
        """The shown seat's whole hand, staged bribes included (the view's ``hand``)."""
        return TableScene.my_hand(self.table)

    def staged(self) -> list[dict]:
        """This seat's staged bribes ``[{card, target, sign}]``, dropping any whose card
        left the hand or whose villager is no longer alive."""
        t = self.table
        seat = t.view.get("seat")
        if not isinstance(seat, int):
            return []
        entries = self._entries(seat)
        if not entries:
            return []
        hand = set(self.real_hand())
        alive = {v.get("id") for v in t.view.get("villagers") or [] if v.get("status") == "alive"}
        keep = [b for b in entries if b["card"] in hand and b["target"] in alive]
        if len(keep) != len(entries):
            self._set_entries(seat, keep)
        return keep

    def boxed(self) -> list[dict]:
        """This seat's bribes already sealed in the box (the view's ``sealed``)."""
        t = self.table
        return list(t.player(t.view.get("seat")).get("sealed") or [])

    def may_stage(self) -> bool:
        t = self.table
        return t.view.get("seat") is not None and t.view.get("phase") not in ("setup", "over", None)

    def tray_shown(self) -> bool:
        t = self.table
        if not self.may_stage():
            return False
        return bool(self.staged() or self.boxed()) or any(
            words.card_role(c, t.view) == "bribe" for c in self.real_hand()
        )

    def tray_rect(self) -> pygame.Rect | None:
        """The tray: the right end of the hand zone, one card wide plus a margin."""
        t = self.table
        if not self.tray_shown():
            return None
        hand = pygame.Rect(t.rects["hand"])
        cw = t.card_size()[0]
        w = int(cw * 1.9)
        return pygame.Rect(hand.right - w, hand.y, w, hand.h)

    def hand_area(self) -> pygame.Rect:
        """Where the fan may spread: the hand zone left of the tray."""
        t = self.table
        hand = pygame.Rect(t.rects["hand"])
        tray = self.tray_rect()
        if tray is not None:
            hand.w = tray.x - hand.x - 6
        return hand

    def stageable(self, card: str) -> bool:
        """A Bribe this seat may seal with the move it makes now (``may_seal``): legal()
        never names it, since it rides on other commands, yet it is not dimmed. (It can
        be staged while waiting too; it then goes with the seat's next move.)"""
        t = self.table
        return bool(t.view.get("may_seal")) and words.card_role(card, t.view) == "bribe"

    # ---------------------------------------------------------------- staging ------
    def bribe_targets(self, card_id: str) -> list[Target]:
        t = self.table
        if not self.may_stage() or words.card_role(card_id, t.view) != "bribe":
            return []
        out: list[Target] = [("villager", v["id"]) for v in t.villagers() if v.get("status") == "alive"]
        if self.tray_rect() is not None:
            out.append(("tray", None))
        return out

    def ask_bribe(self, card_id: str, vid: str | None, anchor: tuple[int, int]) -> bool:
        """A Bribe dropped on villager ``vid`` (or on the tray: pick a villager first)."""
        t = self.table
        if not self.may_stage():
            t.toast("Bribes are sealed once the game is under way.")
            return False
        if vid is None:
            alive = [("villager", v["id"]) for v in t.villagers() if v.get("status") == "alive"]

            def picked(target: Target, card=card_id) -> None:
                r = t.target_rect(target)
                self.ask_bribe(card, target[1], r.center if r is not None else anchor)

            t.pick = Pick(
                f"Seal {words.card_name(card_id)}: click the villager it is paid against",
                alive,
                picked,
                lambda card=card_id: self.back_to_hand(card),
            )
            t.message = t.pick.title + " (Tab + Enter, Esc cancels)"
            self.rest_in_tray(card_id)
            self.close_fan_gap()
            return True
        amount = words.bribe_amount(card_id)
        name = words.villager_name(vid)
        labels = [
            (f"Raise by {amount}: {t.heat_preview(vid, amount)}", 1),
            (f"Lower by {amount}: {t.heat_preview(vid, -amount)}", -1),
        ]

        def signed(sign: int, card=card_id, vid=vid) -> None:
            self.stage_bribe(card, vid, sign)

        t.prompt = Prompt(
            f"Seal a bribe against {name}: raise or lower? (sent with your next move)",
            labels,
            signed,
            lambda card=card_id: self.back_to_hand(card),
            anchor=anchor,
        )
        sprite = self.pending_sprite(card_id)
        if self.tray_pending == card_id:
            self.close_fan_gap()
        elif sprite is not None and sprite.rect.collidepoint(anchor):
            # dropped on the villager: it lies there meanwhile, out of the fan (picked by a
            # click or a key instead, it stays raised in the fan, which shows what is sealed)
            self.bribe_aside = card_id
            sprite.draggable = False
            self.close_fan_gap()
        return True

    def close_fan_gap(self) -> None:
        """The fan closes up behind the Bribe being sealed (``fan_aside``)."""
        t = self.table
        old = {s.card_id: s.rect.topleft for s in t.hand_sprites()}
        t.rebuild_sprites(None)
        t.glide_fan(old)

    def pending_sprite(self, card: str) -> CardSprite | None:
        t = self.table
        for s in t.group.sprites():
            if isinstance(s, CardSprite) and s.zone == "hand" and s.card_id == card:
                return s
        return None

    def rest_in_tray(self, card: str) -> None:
        """A Bribe let go over the tray (or sent there by click or key) lies in it, face
        down in the row it will take, while its villager and sign are chosen (not the whole
        card where it was let go, overhanging the tray's top edge)."""
        t = self.table
        self.tray_pending = card
        sprite = self.pending_sprite(card)
        slots = self.tray_slots(len(self.staged()) + 1)
        if sprite is None or not slots:
            return
        size = self.tray_card_size()
        sprite.image = self.sealed_face({"card": card, "target": None, "sign": 1}, size)
        sprite.rect = sprite.image.get_rect(topleft=slots[-1])
        sprite.tween = None
        sprite.draggable = False  # out of the fan (no hover raise) until it is staged or called off
        t.group.change_layer(sprite, 3)
        t.hover_card = None
        t.dirty = True

    def back_to_hand(self, card: str) -> None:
        """The seal was called off: the card goes back to its place in the fan, full size
        (from the tray, or from where it was dropped on a villager)."""
        t = self.table
        self.tray_pending = self.bribe_aside = None
        sprite = self.pending_sprite(card)
        start = sprite.rect.topleft if sprite is not None else None
        old = {s.card_id: s.rect.topleft for s in t.hand_sprites()}
        t.rebuild_sprites(None)
        t.glide_fan(old, but=card)  # the fan opens again where the card goes back
        sprite = self.pending_sprite(card)
        if sprite is not None and start is not None and start != sprite.rect.topleft:
            home = sprite.rect.topleft
            sprite.rect.topleft = start
            sprite.fly_to(home, 0.18 * t.anim_factor)
        t.dirty = True

    def stage_bribe(self, card: str, target: str, sign: int) -> None:
        t = self.table
        seat = t.view.get("seat")
        if not isinstance(seat, int) or card not in self.real_hand():
            return
        entries = [b for b in self._entries(seat) if b["card"] != card]
        entries.append({"card": card, "target": target, "sign": sign})
        self._set_entries(seat, entries)
        if card in t.discard_marks:
            t.discard_marks.remove(card)
        t.selected = None
        self.tray_pending = self.bribe_aside = None
        self.after_tray_change()
        t.toast(
            f"Sealed face down: {words.signed(sign * words.bribe_amount(card))} on "
            f"{words.villager_name(target)} goes with your next move.",
            error=False,
        )

    def unstage(self, card: str) -> None:
        t = self.table
        seat = t.view.get("seat")
        if not isinstance(seat, int):
            return
        self._set_entries(seat, [b for b in self._entries(seat) if b["card"] != card])
        self.after_tray_change()
        t.toast(f"{words.card_name(card)} is back in your hand.", error=False)

    def unstage_last(self) -> bool:
        staged = self.staged()
        if not staged:
            return False
        self.unstage(staged[-1]["card"])
        return True

    def on_key(self, event: InputEvent) -> bool:
        """The erase key (Backspace) takes the last staged bribe back (when no chooser or
        help is open); True when the key did that."""
        t = self.table
        return (
            event.is_action(uinput.ERASE)
            and t.prompt is None
            and t.pick is None
            and not t.help_open
            and self.unstage_last()
        )

    def leave_warning(self) -> str:
        """What the table menu says about leaving while bribes are staged here: nothing
        when they are saved with the game (hot-seat), else that they go back to the hand."""
        staged = self.staged()
        if not staged or self.staging_kept():
            return ""
        return LEAVE_WARNING[0] if len(staged) == 1 else LEAVE_WARNING[1]

    def submit(self, command: dict, send) -> bool:
        """Send ``command`` with ``send`` (the table's own submit), carrying this seat's
        staged bribes when it may; they leave the tray before it is sent (so the move's
        own autosave no longer lists them as staged) and come back if it is refused."""
        t = self.table
        seat = t.view.get("seat")
        sealing = self.with_bribes(command)
        if sealing is not command and isinstance(seat, int):
            store, _saved = self._staging_store()
            kept = store.pop(str(seat), None)
            if not send(sealing):
                if kept is not None:
                    store[str(seat)] = kept
                return False
        elif not send(sealing):
            return False
        if sealing is not command and isinstance(seat, int):
            # only while the sealer's own screen is still up: once the screen went public
            # (hot-seat curtain, a window's banner) the word would name the sealer (§8.2)
            if t.view.get("seat") == seat and getattr(t.source, "screen_seat", seat) == seat:
                count = len(sealing["bribes"])
                t.toast(f"{count} bribe{'s' if count != 1 else ''} sealed in the box with your move.", error=False)
        return True

    def after_tray_change(self) -> None:
        t = self.table
        t.valid_targets, t.target_cursor = [], -1
        t.buttons = t.make_buttons()
        t.rebuild_sprites(None)
        t._static_key = None
        t.message = t.status_message()
        t.dirty = True

    def with_bribes(self, command: dict) -> dict:
        """``command`` carrying this seat's staged bribes, when it may (§8.2)."""
        staged = self.staged()
        if not staged or command.get("type") not in SEALING_COMMANDS or "bribes" in command:
            return command
        return dict(command, bribes=[dict(b) for b in staged])

    # ---------------------------------------------------------------- sprites ------
    def tray_font(self) -> int:
        tray = self.tray_rect()
        return max(12, min(17, (tray.h if tray is not None else 120) // 9))

    def tray_rows(self) -> pygame.Rect | None:
        """The part of the tray where staged bribes lie, one row each."""
        tray = self.tray_rect()
        if tray is None:
            return None
        fs = self.tray_font()
        top = tray.y + fs + 10
        bottom = tray.bottom - 2 * (fs + 2) - 6
        return pygame.Rect(tray.x + 5, top, tray.w - 10, max(10, bottom - top))

    def tray_card_size(self) -> tuple[int, int]:
        """The size of one staged row: a face-down card with its caption."""
        t = self.table
        rows = self.tray_rows()
        if rows is None:
            return t.card_size()
        return (rows.w, max(self.tray_font() + 10, min(34, rows.h // 3)))

    def tray_slots(self, count: int) -> list[tuple[int, int]]:
        rows = self.tray_rows()
        if rows is None or not count:
            return []
        _, h = self.tray_card_size()
        step = h + 3 if count * (h + 3) <= rows.h else max(6, (rows.h - h) // max(1, count - 1))
        return [(rows.x, rows.y + i * step) for i in range(count)]

    def lay_sprites(self) -> None:
        """The staged bribes as sprites in the tray (laid out with the hand's); a Bribe
        still choosing its villager or sign stays in the tray."""
        t = self.table
        for s in list(t.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "tray":
                s.kill()
        staged = self.staged()
        size = self.tray_card_size()
        for entry, home in zip(staged, self.tray_slots(len(staged))):
            sprite = CardSprite(entry["card"], self.sealed_face(entry, size), home, draggable=True, zone="tray")
            t.group.add(sprite, layer=3)
        pending = self.tray_pending
        if pending is not None:  # still choosing its villager / sign: it stays in the tray
            if (t.pick is not None or t.prompt is not None) and pending in t.my_hand():
                self.rest_in_tray(pending)
            else:
                self.tray_pending = None

    def sealed_face(self, entry: dict, size: tuple[int, int]) -> pygame.Surface:
        """One staged bribe, face down: a small card back and, for its owner, what it does
        and to whom ("+2 Theresa")."""
        t = self.table
        w, h = size
        image = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(image, theme.HIGHLIGHT, image.get_rect(), border_radius=6)
        bh = h - 6
        back = t.art.back(t.game, (max(8, int(bh / CARD_RATIO)), bh))
        image.blit(back, (4, 3))
        x = 4 + back.get_width() + 5
        room = w - x - 4
        fs = self.tray_font()
        if entry["target"] is None:  # on its way in: the villager is being chosen
            amount = words.bribe_amount(entry["card"])
            caption = text(f"±{amount} on whom?", fs, theme.INK, bold=True)
            if caption.get_width() > room:
                caption = text(f"±{amount} …", max(11, fs - 1), theme.INK, bold=True)
            image.blit(
                caption, caption.get_rect(midleft=(x, h // 2)), area=pygame.Rect(0, 0, room, caption.get_height())
            )
            return image
        value = entry["sign"] * words.bribe_amount(entry["card"])
        name = words.villager_name(entry["target"])
        caption = text(f"{words.signed(value)} {name}", fs, theme.INK, bold=True)
        if caption.get_width() > room:
            short = words.villager_name(entry["target"], short=True)
            caption = text(f"{words.signed(value)} {short}", max(11, fs - 1), theme.INK, bold=True)
        image.blit(caption, caption.get_rect(midleft=(x, h // 2)), area=pygame.Rect(0, 0, room, caption.get_height()))
        return image

    def tray_sprite(self, card: str) -> CardSprite | None:
        t = self.table
        for s in t.group.sprites():
            if isinstance(s, CardSprite) and s.zone == "tray" and s.card_id == card:
                return s
        return None

    # ---------------------------------------------------------------- drawing ------
    def tray_line(
        self,
        surface: pygame.Surface,
        what: str,
        wordings: list[str],
        color,
        size: int,
        center_x: int,
        bottom: int,
        box: pygame.Rect,
    ) -> int:
        """The first of ``wordings`` that fits the tray's width, noted for the text-fit
        check; returns the top of what was drawn."""
        t = self.table
        for words_ in wordings:
            label = text(words_, size, color)
            if label.get_width() <= box.w - 6 or words_ is wordings[-1]:
                rect = label.get_rect(midbottom=(center_x, bottom))
                surface.blit(label, rect)
                t.note_text(what, words_, words_, [rect], box)
                return rect.y
        return bottom

    def key(self) -> tuple | None:
        """Everything the tray shows (None: no tray)."""
        tray = self.tray_rect()
        if tray is None:
            return None
        return (tuple(tray), repr(self.staged()), repr(self.boxed()))

    def draw_tray(self, surface: pygame.Surface) -> None:
        t = self.table
        tray = self.tray_rect()
        if tray is None:
            return
        staged = self.staged()
        pygame.draw.rect(surface, theme.FELT_DARK, tray, border_radius=8)
        pygame.draw.rect(surface, theme.HIGHLIGHT if staged else theme.PANEL_EDGE, tray, 2, border_radius=8)
        fs = self.tray_font()
        title = text(TRAY_TITLE, fs, theme.TEXT_LIGHT, bold=True)
        rect = title.get_rect(midtop=(tray.centerx, tray.y + 4))
        surface.blit(title, rect)
        t.note_text("tray title", TRAY_TITLE, TRAY_TITLE, [rect], tray)
        bottom = tray.bottom - 4
        small = max(11, fs - 2)
        boxed = self.boxed()
        if boxed:
            parts = [
                f"{words.signed(b.get('value', 0))} {words.villager_name(b.get('target'), short=True)}" for b in boxed
            ]
            bottom = (
                self.tray_line(
                    surface,
                    "tray box",
                    [f"in the box: {', '.join(parts)}", f"{len(boxed)} in the box"],
                    theme.TEXT_MUTED,
                    small,
                    tray.centerx,
                    bottom,
                    tray,
                )
                - 1
            )
        if staged:
            note = TRAY_NOTE[0] if len(staged) == 1 else TRAY_NOTE[1]
            self.tray_line(
                surface,
                "tray note",
                [note, "with your next move", "next move"],
                theme.HIGHLIGHT,
                small,
                tray.centerx,
                bottom,
                tray,
            )
            return
        self.tray_line(
            surface,
            "tray note",
            ["drop a Bribe here", "drop here"],
            theme.TEXT_MUTED,
            small,
            tray.centerx,
            bottom,
            tray,
        )
        rows = self.tray_rows()
        if rows is None:
            return
        slot = pygame.Rect(rows.x, rows.y, rows.w, min(rows.h, self.tray_card_size()[1]))
        for i in range(0, slot.w, 10):  # a dashed outline: the empty place of a sealed bribe
            pygame.draw.line(surface, theme.PANEL_EDGE, (slot.x + i, slot.y), (slot.x + min(slot.w, i + 5), slot.y))
            pygame.draw.line(
                surface, theme.PANEL_EDGE, (slot.x + i, slot.bottom - 1), (slot.x + min(slot.w, i + 5), slot.bottom - 1)
            )
        for i in range(0, slot.h, 10):
            pygame.draw.line(surface, theme.PANEL_EDGE, (slot.x, slot.y + i), (slot.x, slot.y + min(slot.h, i + 5)))
            pygame.draw.line(
                surface, theme.PANEL_EDGE, (slot.right - 1, slot.y + i), (slot.right - 1, slot.y + min(slot.h, i + 5))
            )
