"""``TestimonyMatch.determinize(seat, rng)`` (the bots' forward model), what is particular to Testimony:
hidden Characters and token sides really vary between draws, what the seat saw stays,
and Belief cards shown to it constrain the draw. Honesty (twins) and consistency for
every game are in tests/contract/test_determinize.py (with tests/bots/kit.py's Testimony
invariants and twins)."""

from __future__ import annotations

import random

from tests.rules.testimony_kit import fresh, set_characters, share, start_at


def test_what_a_seat_cannot_know_is_really_resampled():
    # a fresh 4-player deal: seat 0 knows only its own card
    m = fresh(4, 9)
    own = m.state["characters"][0]
    seen_at_1 = {m.determinize(0, random.Random(k)).state["characters"][1] for k in range(80)}
    assert own not in seen_at_1 and len(seen_at_1) == 6
    # a token seat 2 never saw takes both sides across draws; its own keeps its side
    m.apply(m.to_act()[0], {"type": "investigate", "seat": (m.to_act()[0] + 1) % 4})
    placer = m.to_act()[0]
    m.apply(placer, {"type": "testify", "seat": (placer + 1) % 4, "side": "accuse"})
    viewer = (placer + 2) % 4
    sides = {m.determinize(viewer, random.Random(k)).state["tokens"][0]["side"] for k in range(20)}
    assert sides == {"accuse", "defend"}
    assert {m.determinize(placer, random.Random(k)).state["tokens"][0]["side"] for k in range(20)} == {"accuse"}


def test_belief_cards_shown_constrain_the_resampled_character():
    m = fresh(5, 4)
    set_characters(m, ["minister", "apostate", "goodwife", "herbalist", "witchfinder"], aside="magistrate")
    start_at(m, 0)
    share(m, 1, "belief_puritan", "belief_puritan")  # the Apostate shows the Puritan Belief
    beliefs = {m.determinize(0, random.Random(k)).state["characters"][1] for k in range(60)}
    assert beliefs == {"apostate", "goodwife", "witchfinder", "magistrate"}
    assert "minister" not in beliefs  # seat 0's own card


def test_both_belief_cards_shown_by_one_player_make_them_the_apostate():
    # docs/rules/testimony.md §1.1: only the Apostate may show either Belief; two shares, two different Beliefs
    m = fresh(4, 4)
    set_characters(m, ["minister", "apostate", "goodwife", "herbalist"], aside="magistrate")
    start_at(m, 0)
    share(m, 1, "belief_puritan", "belief_puritan")
    m.apply(0, {"type": "discard_token"})
    m.apply(1, {"type": "invite", "seat": 0})
    m.apply(0, {"type": "answer_invite", "accept": True})
    m.apply(1, {"type": "show", "card": "belief_heathen"})
    for k in range(20):
        assert m.determinize(0, random.Random(k)).state["characters"][1] == "apostate"
