"""Sealed bribes (docs/rules/hammer.md §8.2, §8.3, rulings R20–R24), private hand sizes,
the refill of Collecting Evidence (R11: discards first, everyone draws together) and
``first_player`` (§5.1).

The heart of it is anonymity: whoever seals a bribe, every third seat and the spectator
see the same views and logs (bribe card ids aside), before and after the box opens.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from game.engine import Match
from game.rules.hammer import HammerMatch, tables
from tests.rules.hammer_kit import (
    all_cards_once,
    cool_all,
    empty_hands,
    give,
    heat,
    owner,
    pass_all,
    placed_match,
    refused,
    seal,
    set_arrest,
    set_heat,
    set_turn,
    start,
)

BRIBE_ID = re.compile(r"bribe-\d+")


def mine(m, seat):
    return [v for v in m.state["vorder"] if owner(m, v) == seat and m.state["villagers"][v]["status"] == "alive"]


def public_text(m: HammerMatch, seat, since: int = 0) -> str:
    """What ``seat`` sees (view + log since ``since``), bribe card ids blanked."""
    text = json.dumps([m.view(seat), m.log(seat, since=since)], sort_keys=True)
    return BRIBE_ID.sub("bribe-#", text)


# ------------------------------------------------------------ withdrawn command --
def test_the_standalone_bribe_command_is_withdrawn():
    # docs/rules/hammer.md §11: the standalone bribe command is withdrawn
    m = placed_match(4, seed=60)
    set_turn(m, 0)
    give(m, 0, "bribe-1")
    err = refused(m, 0, {"type": "bribe", "card": "bribe-1", "target": mine(m, 1)[0], "sign": 1})
    assert err.code == "withdrawn" and "'bribes'" in err.message
    assert not [c for c in m.legal(0) if c["type"] == "bribe" or "bribes" in c]


# ----------------------------------------------------------- private hand sizes --
def test_hand_sizes_are_absent_from_other_seats_views():
    # docs/rules/hammer.md §8.2, R24: hand sizes are private; §12.1 hand_count
    m = placed_match(4, seed=61)
    for q in [None, 0, 1, 2, 3]:
        for p in m.view(q)["players"]:
            if p["seat"] == q:
                assert p["hand_count"] == len(m.state["hands"][q]) == 6
            else:
                assert p["hand_count"] is None and p["hand"] is None and p["sealed"] is None


def test_deal_and_draw_events_show_the_count_only_to_their_owner():
    # docs/rules/hammer.md §8.2, §12.2 (the others see that a player draws, never how many)
    m = placed_match(4, seed=62)
    set_turn(m, 1)
    m.apply(1, {"type": "end_turn"})
    for q in [None, 0, 2, 3]:
        for e in m.log(q):
            if e["type"] in ("deal", "draw") and e["seat"] != q:
                assert set(e) == {"type", "seat"}, e
    own = [e for e in m.log(1) if e["type"] == "draw"][-1]
    assert own["count"] == 1 and len(own["cards"]) == 1


# --------------------------------------------------------------------- sealing --
def test_a_sealed_bribe_leaves_the_hand_at_once_and_shows_only_to_its_sealer():
    # docs/rules/hammer.md §8.2; §12.1 players[].sealed
    m = placed_match(4, seed=63)
    set_turn(m, 2)
    give(m, 2, "bribe-9")
    target = mine(m, 0)[0]
    before = heat(m, target)
    m.apply(2, {"type": "end_turn", "bribes": [seal("bribe-9", target, -1)]})
    assert "bribe-9" not in m.state["hands"][2] and heat(m, target) == before
    own = m.view(2)["players"][2]
    assert own["sealed"] == [{"card": "bribe-9", "target": target, "sign": -1, "value": -2}]
    assert own["hand_count"] == len(own["hand"]) == 7  # 6 + 1 given + 1 drawn - 1 sealed
    assert m.view(2)["cards"]["bribe-9"] == "bribe"
    for q in [None, 0, 1, 3]:
        assert "bribe-9" not in json.dumps([m.view(q), m.log(q)])
    assert all_cards_once(m)


def test_may_seal_says_when_bribes_may_ride_on_a_command():
    # docs/rules/hammer.md R24 (the view says may_seal)
    m = placed_match(4, seed=64)
    set_turn(m, 1)
    give(m, 1, "bribe-2")
    give(m, 3, "bribe-3")
    assert m.view(1)["may_seal"] is True
    assert m.view(3)["may_seal"] is False  # not asked to act now
    assert m.view(None)["may_seal"] is False
    give(m, 1, "bribe-2", only=True)
    m.apply(1, {"type": "end_turn", "bribes": [seal("bribe-2", mine(m, 0)[0])]})
    assert m.view(1)["may_seal"] is False  # no bribe left in hand
    fresh = HammerMatch(["A", "B", "C"], seed=64)
    assert not any(fresh.view(q)["may_seal"] for q in range(3))  # setup: no sealing yet


def test_sealing_is_not_a_play():
    # docs/rules/hammer.md R21: an inquisition may still be called; the turn limit is untouched
    m = placed_match(4, seed=65)
    set_turn(m, 0)
    give(m, 0, "bribe-1", "bribe-8")
    target = mine(m, 2)[0]
    m.apply(0, {"type": "call_inquisition", "bribes": [seal("bribe-1", target), seal("bribe-8", target)]})
    assert m.state["windows"][0]["kind"] == "inquisition"
    assert [b["card"] for b in m.state["box"]] == ["bribe-1", "bribe-8"]


@pytest.mark.parametrize(
    "bribes,code",
    [
        ("bribe-1", "bad_bribes"),
        ([{"card": "bribe-1", "target": "X", "sign": 1, "seat": 0}], "bad_bribes"),
        ([{"card": "bribe-1", "sign": 1}], "bad_bribes"),
        ([seal("bribe-1", "T"), seal("bribe-1", "T", -1)], "bad_bribes"),
        ([seal("bribe-5", "T")], "not_in_hand"),
        ([seal("accusation-1", "T")], "not_bribe"),
        ([seal("bribe-1", "nobody")], "unknown_villager"),
        ([seal("bribe-1", "DEAD")], "not_alive"),
        ([seal("bribe-1", "T", 0)], "bad_sign"),
        ([seal("bribe-1", "T")] * 15, "bad_bribes"),
    ],
)
def test_bad_bribes_lists_are_refused_and_nothing_is_sealed(bribes, code):
    # docs/rules/hammer.md R20
    m = placed_match(4, seed=66)
    set_turn(m, 0)
    give(m, 0, "bribe-1", "accusation-1")
    target, dead = mine(m, 1)[0], mine(m, 2)[0]
    m.state["villagers"][dead]["status"] = "burned"
    m.state["trophies"][3].append(dead)
    text = json.dumps(bribes).replace('"T"', json.dumps(target)).replace('"DEAD"', json.dumps(dead))
    assert refused(m, 0, {"type": "end_turn", "bribes": json.loads(text)}).code == code
    assert m.state["box"] == []


def test_a_bribe_cannot_be_sealed_and_discarded_at_once():
    # docs/rules/hammer.md R20
    m = placed_match(4, seed=67)
    m.state.update(phase="evidence", inquisitor=0, refill_order=[0, 1, 2, 3], refill_idx=0)
    give(m, 0, "bribe-4")
    target = mine(m, 1)[0]
    err = refused(m, 0, {"type": "refill", "discard": ["bribe-4"], "bribes": [seal("bribe-4", target)]})
    assert err.code == "bad_bribes"
    m.apply(0, {"type": "refill", "discard": [], "bribes": [seal("bribe-4", target)]})
    assert m.state["box"][0]["card"] == "bribe-4"


def test_place_pyres_carries_no_bribes():
    # docs/rules/hammer.md §11, R20: bribes ride on every command but place_pyres
    m = HammerMatch(["A", "B", "C"], seed=68)
    command = dict(m.legal(0)[0], bribes=[])
    assert refused(m, 0, command).code == "bad_field"


# ------------------------------------------------------------ opening the box --
def test_the_box_opens_when_an_inquisition_succeeds():
    # docs/rules/hammer.md §8.3, R22, first moment: an inquisition succeeds
    m = placed_match(3, seed=69)
    cool_all(m)
    set_turn(m, 0)
    give(m, 1, "bribe-12")  # a 2-bribe
    target = mine(m, 2)[0]
    m.apply(0, {"type": "end_turn"})
    m.apply(1, {"type": "call_inquisition", "bribes": [seal("bribe-12", target)]})
    assert heat(m, target) == start(m, target)
    pass_all(m)
    assert m.state["phase"] == "arrest" and heat(m, target) == start(m, target) + 2
    types = [e["type"] for e in m.log(0, since=m.state_id)]
    assert types.index("box_open") < types.index("bribe") < types.index("heat") < types.index("inquisitor")
    assert "bribe-12" in m.state["discard"] and m.state["box"] == []


def test_the_box_opens_when_phase_two_ends():
    # docs/rules/hammer.md §8.3, R22, second moment: the Arrest ends
    m = placed_match(4, seed=70)
    cool_all(m)
    empty_hands(m)
    set_arrest(m, 0)
    give(m, 2, "bribe-1")
    target = mine(m, 3)[0]
    m.apply(0, {"type": "pass"})
    m.apply(1, {"type": "pass"})
    m.apply(2, {"type": "pass", "bribes": [seal("bribe-1", target, 1)]})
    assert heat(m, target) == start(m, target)
    m.apply(3, {"type": "pass"})
    assert m.state["phase"] == "trial" and heat(m, target) == start(m, target) + 1


def test_the_box_opens_just_before_the_burning_and_can_change_who_burns():
    # docs/rules/hammer.md §8.3, R22, third moment: just before the burning
    m = placed_match(3, seed=71)
    cool_all(m)
    empty_hands(m)
    set_arrest(m, 0)
    for seat in (0, 1, 2):
        m.apply(seat, {"type": "pass"})
    assert m.state["phase"] == "trial"
    a, b = mine(m, 1)[0], mine(m, 2)[0]
    set_heat(m, a, 12)
    set_heat(m, b, 11)
    give(m, 0, "bribe-8")  # a 2-bribe: b becomes the hottest
    m.apply(0, {"type": "pass", "bribes": [seal("bribe-8", b, 1)]})
    m.apply(1, {"type": "pass"})
    assert m.state["villagers"][b]["status"] == "alive" and heat(m, b) == 11
    m.apply(2, {"type": "pass"})
    assert m.state["villagers"][b]["status"] == "burned" and m.state["villagers"][a]["status"] == "alive"
    types = [e["type"] for e in m.log(None, since=m.state_id)]
    assert types.index("bribe") < types.index("burn")


def test_a_bribe_on_a_villager_no_longer_alive_is_discarded_without_effect():
    # docs/rules/hammer.md §8.3: a bribe on a villager no longer alive does nothing
    m = placed_match(3, seed=72)
    cool_all(m)
    set_turn(m, 0)
    give(m, 0, "bribe-2")
    target = mine(m, 1)[0]
    m.apply(0, {"type": "end_turn", "bribes": [seal("bribe-2", target)]})
    m.state["villagers"][target]["status"] = "burned"  # burned before the box opens
    m.state["trophies"][2].append(target)
    m.apply(1, {"type": "call_inquisition"})
    pass_all(m)
    bribe = [e for e in m.log(2, since=m.state_id) if e["type"] == "bribe"]
    assert bribe == [{"type": "bribe", "card": "bribe-2", "target": target, "sign": 1, "value": 1, "lapsed": True}]
    assert not [e for e in m.log(2, since=m.state_id) if e["type"] == "heat"]
    assert "bribe-2" in m.state["discard"]


def test_bribes_sealed_in_the_trial_wait_when_scales_heavier_skips_the_burning():
    # docs/rules/hammer.md R22: no burning, so the box stays shut until the next moment
    m = placed_match(4, seed=73)
    cool_all(m)
    empty_hands(m)
    set_arrest(m, 0)
    for seat in (0, 1, 2, 3):
        m.apply(seat, {"type": "pass"})
    give(m, 0, "bribe-3")
    give(m, 1, "scales_heavier-1")
    target = mine(m, 2)[0]
    m.apply(0, {"type": "pass", "bribes": [seal("bribe-3", target)]})
    m.apply(1, {"type": "test", "card": "scales_heavier-1"})
    pass_all(m)
    while m.state["choice"] is not None:
        m.apply(m.to_act()[0], m.legal(m.to_act()[0])[0])
    assert m.state["phase"] == "evidence" and [b["card"] for b in m.state["box"]] == ["bribe-3"]
    assert all_cards_once(m)


def test_opening_order_is_shuffled_by_the_match_generator_and_replays():
    # docs/rules/hammer.md §8.3, R22: an order shuffled by the match's generator, so a replay is exact
    orders = set()
    for seed in range(12):
        m = placed_match(3, seed=74)
        m.rng._r.seed(seed)  # a different generator state for each try
        cool_all(m)
        target = mine(m, 2)[0]
        set_heat(m, target, 17)
        set_turn(m, 0)
        give(m, 0, "bribe-8", "bribe-1")
        twin = m.copy()
        m.apply(0, {"type": "end_turn", "bribes": [seal("bribe-8", target, 1), seal("bribe-1", target, -1)]})
        m.apply(1, {"type": "call_inquisition"})
        pass_all(m)
        opened = [e["card"] for e in m.log(None) if e["type"] == "bribe"]
        orders.add(tuple(opened))
        # clamping makes the order matter: +2 then -1 gives 17, -1 then +2 gives 18
        assert heat(m, target) == (17 if opened[0] == "bribe-8" else 18)
        for seat, command in m.commands[twin.state_id :]:
            twin.apply(seat, command)
        assert twin.to_json() == m.to_json()  # same generator state, same order
    assert len(orders) == 2


def test_the_box_survives_a_save_and_a_load():
    # a save keeps the sealed box: it is part of the match
    m = placed_match(3, seed=75)
    set_turn(m, 0)
    give(m, 0, "bribe-6")
    m.apply(0, {"type": "end_turn", "bribes": [seal("bribe-6", mine(m, 1)[0])]})
    again = Match.from_json(m.to_json())
    assert again.state["box"] == m.state["box"] and again.to_json() == m.to_json()


# ------------------------------------------------------------------ anonymity --
def test_sealing_is_invisible_until_the_box_opens():
    # docs/rules/hammer.md §8.2, R21: sealing changes nothing the others can see
    rng = random.Random(76)
    checked = 0
    for seed in range(8):
        m = placed_match(4, seed=100 + seed)
        sealer = rng.randrange(4)
        set_turn(m, sealer)
        give(m, sealer, "bribe-5")
        target = rng.choice(m._alive())
        plain, sealed = m.copy(), m.copy()
        first = rng.choice(m.legal(sealer))
        plain.apply(sealer, first)
        sealed.apply(sealer, dict(first, bribes=[seal("bribe-5", target, rng.choice((1, -1)))]))
        while sealed.state["box"]:
            for q in [None, *range(4)]:
                if q != sealer:
                    assert public_text(plain, q, plain.state_id) == public_text(sealed, q, sealed.state_id)
            checked += 1
            seat = rng.choice(plain.to_act())
            assert sealed.to_act() == plain.to_act()
            command = rng.choice([c for c in plain.legal(seat) if "bribe-5" not in json.dumps(c)])
            plain.apply(seat, command)
            sealed.apply(seat, command)
        # the box opened: now, and only now, the bribe shows (to everyone, without its sealer)
        assert any(e["type"] == "bribe" for e in sealed.log(None, since=sealed.state_id))
    assert checked > 30


drawn_together = [0]  # trials that compared the spectator after phase 4's draws


def _twin_worlds(seed: int):
    """One trial of the anonymity of sealed bribes (§8.2, R15). A random position in rounds 1–3; seats A
    and B each hold a Bribe of the same size; in world A, A seals it (value ``sign`` on
    ``target``) on its next command, in world B, B does. Every third seat and the
    spectator must see the same, bribe ids aside, after every command, until phase 4's
    draws (whose cards then differ, unseen, between the worlds); the spectator also
    after those draws. Returns (compared steps, whether the box opened in between)."""
    rng = random.Random(seed)
    players = rng.choice((3, 4, 5))
    m = placed_match(players, seed=seed)
    for _ in range(rng.randrange(0, 60)):
        seat = rng.choice(m.to_act())
        legal = [c for c in m.legal(seat) if c["type"] != "call_inquisition" or rng.random() < 0.2]
        m.apply(seat, rng.choice(legal or m.legal(seat)))
        if m.state["phase"] == "evidence" or m.over:
            return 0, False
    a, b = rng.sample(range(players), 2)
    size = rng.choice((1, 2))
    free = [
        c
        for c in tables().all_cards
        if c.startswith("bribe-") and tables().bribe_size[c] == size and c in m.state["deck"]
    ]
    if len(free) < 2:
        return 0, False
    card_a, card_b = free[:2]
    give(m, a, card_a)
    give(m, b, card_b)
    target = rng.choice(m._alive())
    sign = rng.choice((1, -1))
    worlds = {a: m.copy(), b: m.copy()}
    sealers = {a: card_a, b: card_b}
    pending = {a: True, b: True}
    observers = [None, *[q for q in range(players) if q not in (a, b)]]
    steps, opened = 0, False
    while steps < 250:
        wa, wb = worlds[a], worlds[b]
        if wa.over:
            break
        for q in observers:  # the view and the last command's events
            assert public_text(wa, q, wa.state_id) == public_text(wb, q, wb.state_id), (seed, q, steps)
        assert wa.to_act() == wb.to_act()
        seat = rng.choice(wa.to_act())
        legal = [c for c in wa.legal(seat) if not {card_a, card_b} & set(BRIBE_ID.findall(json.dumps(c)))]
        if wa.state["phase"] == "evidence":
            if wa.state["refill_idx"] == len(wa.state["refill_order"]) - 1:
                break  # the last refill draws for everyone: compared below, spectator only
            # keep A's and B's hands at 6 or fewer in both worlds (R24's known limit)
            hand = wb.state["hands"][seat] if seat == a else wa.state["hands"][seat]
            legal = [c for c in legal if len(hand) - len(c["discard"]) <= 6] or legal
        command = rng.choice(legal)
        sent = {}
        for owner_seat, world in worlds.items():
            if seat == owner_seat and pending[owner_seat] and world.state["villagers"][target]["status"] == "alive":
                sent[owner_seat] = dict(command, bribes=[seal(sealers[owner_seat], target, sign)])
                pending[owner_seat] = False
            else:
                sent[owner_seat] = command
        before = wa.state_id
        for owner_seat, world in worlds.items():
            world.apply(seat, sent[owner_seat])
        if not pending[a] and not pending[b]:
            opened = opened or any(e["type"] == "box_open" for e in wa.log(None, since=before + 1))
        steps += 1
    wa, wb = worlds[a], worlds[b]
    for q in observers:  # the whole log once more
        assert public_text(wa, q) == public_text(wb, q), (seed, q)
    if not wa.over and wa.state["phase"] == "evidence":
        seat = wa.to_act()[0]
        hand = wb.state["hands"][seat] if seat == a else wa.state["hands"][seat]
        options = [
            c for c in wa.legal(seat) if len(hand) - len(c["discard"]) <= 6 and not {card_a, card_b} & set(c["discard"])
        ]
        if options:
            command = rng.choice(options)
            wa.apply(seat, command)
            wb.apply(seat, command)
            assert public_text(wa, None) == public_text(wb, None)
            drawn_together[0] += 1
    return steps, opened and not pending[a] and not pending[b]


def test_whoever_seals_a_bribe_third_seats_and_spectators_see_the_same():
    # docs/rules/hammer.md §8.2, R15: whoever seals, third seats and spectators see the same
    opened = 0
    steps = 0
    drawn_together[0] = 0
    for seed in range(30):
        compared, did_open = _twin_worlds(500 + seed)
        steps += compared
        opened += did_open
    assert opened >= 20 and steps >= 1000 and drawn_together[0] >= 5, (opened, steps, drawn_together)


# --------------------------------------------------------- refills and rounds --
def test_a_refill_reaches_six_when_the_pile_runs_short():
    # docs/rules/hammer.md R11: pile of 1, empty discard, the inquisitor discards 5 of 6 -> 6, not 2
    m = placed_match(3, seed=77)
    s = m.state
    s.update(phase="evidence", inquisitor=0, refill_order=[0, 1, 2], refill_idx=0)
    s["discard"] = []
    keep = s["deck"][-1]
    s["removed"].extend(c for c in s["deck"] if c != keep)  # set aside so only one card remains
    s["deck"] = [keep]
    out = s["hands"][0][:5]
    m.apply(0, {"type": "refill", "discard": out})
    m.apply(1, {"type": "refill", "discard": []})
    m.apply(2, {"type": "refill", "discard": []})
    assert len(s["hands"][0]) == 6
    assert s["round"] == 2
    opened = [e["type"] for e in m.log(1, since=m.state_id)]
    assert opened.index("reshuffle") < opened.index("draw")  # announced before anyone draws


def test_everyone_refills_after_the_last_discard_inquisitor_first():
    # docs/rules/hammer.md R11: discards go to the pile at once; the draws come when all have discarded
    m = placed_match(4, seed=78)
    s = m.state
    s.update(phase="evidence", inquisitor=2, refill_order=[2, 3, 0, 1], refill_idx=0)
    for seat in (2, 3, 0):
        m.apply(seat, {"type": "refill", "discard": s["hands"][seat][:2]})
        assert len(s["hands"][seat]) == 4
    m.apply(1, {"type": "refill", "discard": s["hands"][1][:1]})
    draws = [e for e in m.log(None, since=m.state_id) if e["type"] == "draw"]
    assert [e["seat"] for e in draws] == [2, 3, 0, 1] and all(set(e) == {"type", "seat"} for e in draws)
    assert [len(h) for h in s["hands"]] == [6, 6, 6, 6]
    assert all_cards_once(m)


def test_first_player_follows_the_round():
    # docs/rules/hammer.md §5.1: later rounds begin with the player left of the last inquisitor
    m = placed_match(4, seed=79)
    empty_hands(m)
    set_arrest(m, 2)
    for seat in (2, 3, 0, 1):
        m.apply(seat, {"type": "pass"})
    for seat in (2, 3, 0, 1):
        m.apply(seat, {"type": "pass"})
    while m.state["choice"] is not None:
        m.apply(m.to_act()[0], m.legal(m.to_act()[0])[0])
    for seat in m.state["refill_order"]:
        m.apply(seat, {"type": "refill", "discard": []})
    assert m.state["round"] == 2
    assert m.view(None)["first_player"] == 3 == m.state["active"]


def test_first_player_is_bertas_owner_in_round_one():
    # docs/rules/hammer.md §2
    m = placed_match(4, seed=80)
    assert m.view(0)["first_player"] == owner(m, "berta") == m.state["active"]
