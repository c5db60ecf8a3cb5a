"""Helpers for the Testimony tests: staging positions, playing turns, and the outside
witness of docs/rules/testimony.md §6 — what each seat may know, tracked from the commands alone — with the
leak check every playout runs against every view."""

from __future__ import annotations

import json
import re

import pytest

from game.engine import IllegalCommand, new_match
from game.rules.testimony import TestimonyMatch, catalog

SIDE_OF_TOKEN = re.compile(r'"token":"(g\d+t\d+)","placer":\d+,"side":"(accuse|defend)"')
SHARE_CONTENT = re.compile(r'"share":(\d+),"card":"')


def fresh(players: int = 4, seed: int = 0, **options) -> TestimonyMatch:
    return new_match("testimony", [f"P{i}" for i in range(players)], seed=seed, options=options)


def refused(m, seat, command, code=None) -> IllegalCommand:
    """Apply ``command`` expecting a refusal; the match must be exactly as before."""
    before = m.to_json()
    with pytest.raises(IllegalCommand) as info:
        m.apply(seat, command)
    assert m.to_json() == before
    assert info.value.message and "Traceback" not in info.value.message
    if code is not None:
        assert info.value.code == code, info.value.message
    return info.value


def set_characters(m: TestimonyMatch, characters: list[str], aside: str | None = None) -> None:
    """Stage the deal of the current game (the set-aside card too)."""
    assert len(characters) == m.n
    from game.rules.testimony import SETUP_COUNTS

    in_play = list(characters) + ([aside] if aside else [])
    heathens = sum(catalog().belief(c) == "heathen" for c in in_play)
    assert (heathens, len(in_play) - heathens) == SETUP_COUNTS[m.n], "not a deal of §2"
    assert len(set(in_play)) == len(in_play) and (aside is None) == (m.n == 7)
    m.state["characters"] = list(characters)
    m.state["set_aside"] = aside


def start_at(m: TestimonyMatch, seat: int) -> None:
    """Make ``seat`` the active player of the current game at the start of its turn."""
    m.state["turn"] = seat
    m.state["first"] = seat


def turn(m: TestimonyMatch, action: dict | None, testimony: dict) -> None:
    """The active player investigates (``action``) and bears ``testimony``."""
    seat = m.to_act()[0]
    if action is not None:
        m.apply(seat, action)
    m.apply(seat, testimony)


def share(m: TestimonyMatch, with_seat: int, first: str, second: str) -> None:
    """The active player invites ``with_seat``, who accepts; both show."""
    active = m.to_act()[0]
    m.apply(active, {"type": "invite", "seat": with_seat})
    m.apply(with_seat, {"type": "answer_invite", "accept": True})
    m.apply(active, {"type": "show", "card": first})
    m.apply(with_seat, {"type": "show", "card": second})


def tokens_conserved(m: TestimonyMatch) -> bool:
    st = m.state
    total = catalog().supply.total
    return (
        sum(st["hand"]) + len(st["tokens"]) + len(st["discarded"]) + st["tokens_aside"] == total
        and st["tokens_aside"] == total % m.n
        and all(h >= 0 for h in st["hand"])
    )


class Witness:
    """What each seat may know (§6), worked out from the commands, never from views.

    Call :meth:`saw` after every applied command. ``planted`` bends one rule (for the
    control runs that prove the leak check catches a leak)."""

    def __init__(self, m: TestimonyMatch) -> None:
        self.m = m
        self.n = m.n
        self._new_game()

    def _new_game(self) -> None:
        st = self.m.state
        self.game = st["game_no"]
        self.characters = list(st["characters"])
        self.aside = st["set_aside"]
        self.sides: dict[str, tuple[int, int, str]] = {}  # token -> (placer, target, side)
        self.known_tokens = [set() for _ in range(self.n)]
        self.known_chars = [{s: self.characters[s]} for s in range(self.n)]
        self.pairs: list[tuple[int, int]] = []
        self.inviter = None
        self.ended = False

    def saw(self, seat: int, command: dict) -> None:
        kind = command["type"]
        if kind == "next_game":
            self._new_game()
            return
        if kind == "invite":
            self.inviter = seat
        elif kind == "answer_invite" and command["accept"]:
            self.pairs.append((self.inviter, seat))
        elif kind == "show":
            a, b = self.pairs[-1]
            other = b if seat == a else a
            if command["card"] == "character":
                self.known_chars[other][seat] = self.characters[seat]
        elif kind == "investigate":
            for target in (command["seat"], command.get("seat2")):
                if target is not None:
                    self.known_tokens[seat] |= {t for t, (_, tg, _) in self.sides.items() if tg == target}
        elif kind == "testify":
            token = f"g{self.game}t{len(self.sides) + 1}"
            self.sides[token] = (seat, command["seat"], command["side"])
            self.known_tokens[seat].add(token)
        if self.m.state["stage"] in ("between", "over"):
            self.ended = True

    # -- the check -----------------------------------------------------------------------
    def forbidden_characters(self, viewer: int | None) -> list[str]:
        if self.ended:
            return []
        known = set() if viewer is None else set(self.known_chars[viewer].values())
        hidden = [c for c in self.characters if c not in known]
        if self.aside is not None:
            hidden.append(self.aside)
        return hidden

    def check(self, viewer: int | None, text: str) -> None:
        """``text``: a view (without ``history``) or log events of this game as JSON."""
        if '"card":"' in text:
            shares = SHARE_CONTENT.findall(text)
            assert len(shares) == text.count('"card":"'), f"a shown card outside a share for {viewer}"
            for index in shares:
                assert viewer in self.pairs[int(index)], f"seat {viewer} sees share {index}"
        for character in self.forbidden_characters(viewer):
            assert f'"{character}"' not in text, f"seat {viewer} sees the Character {character}"
        sides = text.count('"accuse"') + text.count('"defend"')
        if sides:
            shown_sides = SIDE_OF_TOKEN.findall(text)
            assert len(shown_sides) == sides, f"a side outside a token face for {viewer}"
            if not self.ended:
                known = set() if viewer is None else self.known_tokens[viewer]
                for token, side in shown_sides:
                    assert token in known, f"seat {viewer} sees the side of {token}"
                    assert self.sides[token][2] == side


def view_text(view: dict) -> str:
    """The view as compact JSON, without the finished games (public by then)."""
    history = view.pop("history")
    try:
        return json.dumps(view, separators=(",", ":"), check_circular=False)
    finally:
        view["history"] = history


def stage_end(m: TestimonyMatch, tokens: list[tuple[int, int, str]], shares=()) -> None:
    """Stage the last turn of the current game and play it out: ``tokens`` are
    (placer, target, side) lying on the table, ``shares`` are (by, with, by's card,
    with's card) that took place; the active player (seat 0) discards its last token,
    so the next turn starts with no tokens and the game ends (§5.1)."""
    st = m.state
    st["tokens"] = [
        {"token": f"g{st['game_no']}t{i + 1}", "placer": p, "side": side, "target": t, "turn": i + 1}
        for i, (p, t, side) in enumerate(tokens)
    ]
    st["shares"] = [
        {"share": i, "by": a, "with": b, "turn": 1, "cards": [ca, cb]} for i, (a, b, ca, cb) in enumerate(shares)
    ]
    st["hand"] = [0] * m.n
    st["hand"][0] = 1
    used = len(tokens) + 1
    st["discarded"] = [{"seat": 1, "turn": 1}] * (m.n * st["tokens_each"] - used)
    st["turn"] = 0
    st["stage"] = "testify"
    assert tokens_conserved(m)
    m.apply(0, {"type": "discard_token"})
    assert m.state["stage"] in ("between", "over")
