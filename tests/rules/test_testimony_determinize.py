"""``TestimonyMatch.determinize(seat, rng)`` (DESIGN D2): a playable copy with what
``seat`` cannot know resampled — honest (two matches that look the same to ``seat``
give the same copy), consistent (the copy looks the same to ``seat`` and keeps T2/T3),
and really resampled (hidden Characters and sides vary between draws)."""
from __future__ import annotations

import random

from game.rules.testimony import SETUP_COUNTS, SIDES, catalog
from tests.rules.testimony_kit import fresh, tokens_conserved


def _positions(count: int, seed: int):
    """(match, seat) at random points of random matches, shares and looks included."""
    pick = random.Random(seed)
    out = []
    for game in range(count):
        players = 3 + game % 5
        m = fresh(players, 500 + game)
        stop = pick.randrange(1, 140)
        for _ in range(stop):
            if m.over:
                break
            seat = m.to_act()[0]
            m.apply(seat, pick.choice(m.legal(seat)))
        out.append((m, pick.randrange(players)))
    return out


def _hidden_twin(m, seat: int, pick: random.Random):
    """The same match with hidden facts changed where ``seat`` cannot see them: the
    sides of tokens it never saw, the cards of shares it was not in, and the Characters
    of two seats it knows nothing about (swapped when that keeps every constraint)."""
    twin = m.copy()
    st = twin.state
    if st["stage"] in ("between", "over"):
        return twin
    known = m.known_tokens(seat)
    for token in st["tokens"]:
        if token["token"] not in known:
            token["side"] = pick.choice(SIDES)
    cat = catalog()
    for rec in st["shares"]:
        if seat not in (rec["by"], rec["with"]):
            rec["cards"] = [None if c is None else "character" for c in rec["cards"]]
    involved = {s for rec in st["shares"] for s in (rec["by"], rec["with"])}
    doubles = {rec["seat"] for rec in st["investigations"] if len(rec["targets"]) == 2}
    free = [s for s in range(m.n) if s != seat and s not in m.known_characters(seat)
            and s not in involved and s not in doubles]
    if len(free) >= 2:
        a, b = pick.sample(free, 2)
        st["characters"][a], st["characters"][b] = st["characters"][b], st["characters"][a]
    elif free and st["set_aside"] is not None:
        a = free[0]  # the same cards stay in play, so the deal still keeps T2
        st["characters"][a], st["set_aside"] = st["set_aside"], st["characters"][a]
    return twin


def test_two_matches_that_look_the_same_to_a_seat_determinize_alike():
    # DESIGN D2 "Two matches that give seat the same view and log give the same
    # determinized copy for the same rng"
    pick = random.Random(3)
    differed = 0
    for m, seat in _positions(40, 1):
        twin = _hidden_twin(m, seat, pick)
        assert twin.view(seat) == m.view(seat) and twin.log(seat) == m.log(seat)
        differed += twin.to_json() != m.to_json()
        for k in range(2):
            assert m.determinize(seat, random.Random(k)).to_json() == \
                twin.determinize(seat, random.Random(k)).to_json()
    assert differed > 20


def test_a_determinized_copy_looks_the_same_to_its_seat_and_keeps_the_rules():
    # DESIGN D2; testimony.md T2 (a legal deal), T3 (tokens), T6 (consistent with shares)
    cat = catalog()
    for m, seat in _positions(25, 2):
        for k in range(3):
            copy = m.determinize(seat, random.Random(k))
            assert copy.view(seat) == m.view(seat)
            assert copy.log(seat) == m.log(seat)
            assert tokens_conserved(copy)
            st = copy.state
            in_play = st["characters"] + ([st["set_aside"]] if st["set_aside"] else [])
            heathens = sum(cat.belief(c) == "heathen" for c in in_play)
            assert (heathens, len(in_play) - heathens) == SETUP_COUNTS[m.n]
            assert len(set(in_play)) == len(in_play)
            for rec in st["shares"]:
                for card, shower in zip(rec["cards"], (rec["by"], rec["with"])):
                    assert card is None or card in cat.may_show(st["characters"][shower])
            for rec in st["investigations"]:
                if len(rec["targets"]) == 2:
                    assert cat.characters[st["characters"][rec["seat"]]].double_investigation
            pick = random.Random(k)
            while not copy.over:  # playable to the end
                actor = copy.to_act()[0]
                copy.apply(actor, pick.choice(copy.legal(actor)))


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
    from tests.rules.testimony_kit import set_characters, share, start_at
    set_characters(m, ["minister", "apostate", "goodwife", "herbalist", "witchfinder"], aside="magistrate")
    start_at(m, 0)
    share(m, 1, "belief_puritan", "belief_puritan")  # the Apostate shows the Puritan Belief
    beliefs = {m.determinize(0, random.Random(k)).state["characters"][1] for k in range(60)}
    assert beliefs == {"apostate", "goodwife", "witchfinder", "magistrate"}
    assert "minister" not in beliefs  # seat 0's own card
