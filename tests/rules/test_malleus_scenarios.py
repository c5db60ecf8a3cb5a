"""The worked examples of docs/rules/malleus.md §8 (E1–E10), dice injected."""

from __future__ import annotations

from game.engine import new_match
from game.rules.malleus.rounds import start_round
from game.rules.malleus.state import turn_seat
from game.rules.malleus.village import set_standing
from tests.rules.malleus_kit import (
    SECRETS,
    cite_and_approve,
    declare,
    empty_hands,
    finish_turn,
    frame,
    give,
    quiet_phase,
    quiet_secret_step,
    roll,
    standing,
    status,
    to_round_end,
    village_s,
)


def test_e1_unopposed_accusation_sentences_therese():
    # docs/rules/malleus.md §8 E1, §3.4 pools (R10), §3.6 TN = 9 + against, §3.8 sentence
    m = village_s(turn=1)
    declare(m, 1, "accusation", target="v5")
    frame(m, 1, ["v1", "v5", "v4", "v6", "v7"])
    cite_and_approve(m, "f2", "for")
    cite_and_approve(m, "w3", "for")
    cite_and_approve(m, "f3", "against", by=2)
    bonus = m.view(None)["conflict"]["bonus"]
    assert (bonus["for"]["pool_sum"], bonus["for"]["pool_bonus"]) == (22, 7)
    assert (bonus["against"]["pool_sum"], bonus["against"]["pool_bonus"]) == (7, 2)
    assert bonus["for"]["total"] == 19 and bonus["against"]["total"] == 9
    quiet_secret_step(m)
    roll(m, 1, 4, 5, 3)
    m.apply(0, {"type": "lock_sides"})
    c = m.view(None)["conflict"]
    assert (c["actor_total"], c["target_number"], c["margin"], c["result"]) == (31, 18, 13, "win")
    assert c["roll_against"] is None
    m.apply(0, {"type": "close_window"})
    assert standing(m, "v5") == 0 and status(m, "v5") == "sentenced"
    finish_turn(m)
    assert standing(m, "v1") == 11


def test_e2_opposed_accusation_pools_once_per_side():
    # §8 E2, R10: 11+7 = 18 -> 6 (separate rounding would give 3+2 = 5)
    m = village_s(turn=2)
    declare(m, 2, "accusation", target="v6")
    frame(m, 2, ["v2", "v6", "v3", "v7"])
    assert m.view(None)["conflict"]["bidden"] == [3]
    m.apply(3, {"type": "take_side", "side": "against"})
    cite_and_approve(m, "f4", "for", by=2)
    bonus = m.view(None)["conflict"]["bonus"]
    assert bonus["against"]["pool_sum"] == 18 and bonus["against"]["pool_bonus"] == 6
    assert bonus["against"]["total"] == 16 and bonus["for"]["total"] == 11
    quiet_secret_step(m)
    roll(m, 2, 6, 5, 4)
    m.apply(0, {"type": "lock_sides"})
    assert m.to_act() == [3]  # the opposing player rolls
    roll(m, 3, 3, 3, 2)
    c = m.view(None)["conflict"]
    assert (c["actor_total"], c["target_number"], c["margin"]) == (26, 24, 2)
    m.apply(0, {"type": "close_window"})
    assert standing(m, "v6") == 8
    finish_turn(m)
    assert standing(m, "v2") == 11 and standing(m, "v3") == 10
    assert m.state["ledgers"][3]["forfeit"] is False  # bidden: no forfeit


def test_e3_a_tie_loses():
    # §8 E3, R13
    m = village_s(turn=3)
    declare(m, 3, "bolster", target="v7")
    frame(m, 3, ["v3", "v7", "v4"])
    cite_and_approve(m, "f1", "for", by=3)
    bonus = m.view(None)["conflict"]["bonus"]
    assert bonus["for"]["total"] == 12 and bonus["against"]["total"] == 11
    quiet_secret_step(m)
    roll(m, 3, 3, 3, 2)
    m.apply(0, {"type": "lock_sides"})
    c = m.view(None)["conflict"]
    assert (c["actor_total"], c["target_number"], c["result"]) == (20, 20, "loss")
    assert standing(m, "v7") == 7
    finish_turn(m)
    assert standing(m, "v3") == 10


def test_e4_reveal_gossip_and_invincible_player_villager():
    # §8 E4, R12 (no roll against a reveal), R15, R25, §3.8 players never sentenced
    m = village_s(turn=1)
    declare(m, 1, "reveal_secret", target="v2", claimed_text="Gaspard forged his father's will")
    assert "claimed_text" not in m.view(3)["conflict"]["params"]  # not public until accepted
    m.apply(0, {"type": "confirm_secret", "accept": True})
    assert m.view(None)["players"][1]["secret_revealed"] == SECRETS[2]
    frame(m, 1, ["v1", "v2"])
    cite_and_approve(m, "w1", "for")
    quiet_secret_step(m)
    roll(m, 1, 5, 5, 6)
    m.apply(0, {"type": "lock_sides"})
    c = m.view(None)["conflict"]
    assert c["principal"] == 2 and c["principal_side"] == "against"
    assert (c["actor_total"], c["target_number"], c["margin"]) == (27, 19, 8)
    gossip = give(m, 3, "gossip")
    m.apply(3, {"type": "play_card", "card": gossip, "secret": False})
    assert m.view(None)["conflict"]["pending_loss"] == 16
    m.apply(0, {"type": "close_window"})
    assert standing(m, "v2") == 0 and status(m, "v2") == "alive"
    finish_turn(m)
    assert standing(m, "v1") == 11 and standing(m, "v2") == 0
    # v2 is immune to further reveal_secret
    assert not any(c.get("kind") == "reveal_secret" and c.get("target") == "v2" for c in m.legal(2) + m.legal(3))


def test_e5_relationship_change_and_unbidden_join():
    # §8 E5, R11 (target = the view's holder), R29, R37 (split)
    m = village_s(turn=1)
    declare(m, 1, "relationship_change", relationship={"from": "v4", "to": "v6", "new": "enemy"})
    frame(m, 1, ["v1", "v4", "v6"])
    m.apply(3, {"type": "join_scene"})
    m.apply(3, {"type": "take_side", "side": "for"})
    cite_and_approve(m, "w2", "for")
    bonus = m.view(None)["conflict"]["bonus"]
    assert bonus["against"]["pool_bonus"] == 3 and bonus["for"]["pool_bonus"] == 3
    assert bonus["for"]["total"] == 14 and bonus["against"]["total"] == 15
    quiet_secret_step(m)
    roll(m, 1, 6, 6, 5)
    m.apply(0, {"type": "lock_sides"})
    c = m.view(None)["conflict"]
    assert (c["actor_total"], c["target_number"], c["result"]) == (31, 24, "win")
    rels = {(r["from"], r["to"]): r for r in m.view(None)["relationships"]}
    assert rels[("v4", "v6")]["kind"] == "enemy" and not rels[("v4", "v6")]["mutual"]
    assert rels[("v6", "v4")]["kind"] == "ally" and rels[("v6", "v4")]["id"] == "r4"
    finish_turn(m)
    assert standing(m, "v1") == 11 and standing(m, "v3") == 12
    # p2's turn: p3 (forfeit pending) cannot join p2's scene
    declare(m, 2, "bolster", target="v2")
    frame(m, 2, ["v2"])
    assert {"type": "join_scene"} not in m.legal(3)
    from tests.rules.malleus_kit import refused

    refused(m, 3, {"type": "join_scene"}, code="cannot_join")
    quiet_secret_step(m)
    roll(m, 2, 1, 1, 1)
    m.apply(0, {"type": "lock_sides"})
    finish_turn(m)
    # p3's turn this round is skipped
    assert m.view(None)["step"] == "discard" and turn_seat(m) == 3
    assert any(e["type"] == "turn_forfeited" for e in m.log(None))


def test_e6_shifting_planted_evidence_and_bribery():
    # §8 E6, R20 (Bribery window), R23 (secret play hides the player)
    m = village_s(turn=2)
    empty_hands(m)
    shift = give(m, 1, "shifting_blame")
    planted = give(m, 3, "planted_evidence")
    bribe = give(m, 2, "bribery")
    declare(m, 2, "accusation", target="v6")
    frame(m, 2, ["v2", "v6"])
    quiet_secret_step(m)
    roll(m, 2, 6, 5, 3)
    m.apply(0, {"type": "lock_sides"})
    c = m.view(None)["conflict"]
    assert (c["actor_total"], c["target_number"], c["margin"]) == (24, 19, 5)
    m.apply(1, {"type": "play_card", "card": shift, "secret": False, "target": "v7"})
    m.apply(0, {"type": "close_window"})
    assert standing(m, "v7") == 2 and standing(m, "v6") == 10
    sid = m.state_id
    m.apply(3, {"type": "play_card", "card": planted, "secret": True, "target": "v7"})
    assert standing(m, "v7") == 0 and status(m, "v7") == "sentenced"
    for viewer in (None, 1, 2):
        cards = [e for e in m.log(viewer, since=sid + 1) if e["type"] == "card"]
        assert cards == [{"type": "card", "card_type": "planted_evidence", "secret": True, "target": "v7"}]
    assert [e for e in m.log(0, since=sid + 1) if e["type"] == "card"][0]["player"] == 3
    assert planted in m.state["ledgers"][3]["locked"]
    m.apply(2, {"type": "play_card", "card": bribe, "secret": True, "target": "v7"})
    assert status(m, "v7") == "alive" and standing(m, "v7") == 10
    finish_turn(m)
    assert standing(m, "v2") == 11


def test_e7_intimidated_target_keeps_base_but_cannot_roll():
    # §8 E7, R27
    m = village_s(turn=2)
    intim = give(m, 1, "intimidation")
    declare(m, 2, "accusation", target="v3")
    m.apply(1, {"type": "play_card", "card": intim, "secret": True, "player": 3})
    frame(m, 2, ["v2", "v3"])
    cite_and_approve(m, "w4", "for", by=2)
    bonus = m.view(None)["conflict"]["bonus"]
    assert bonus["for"]["total"] == 11 and bonus["against"]["total"] == 11
    quiet_secret_step(m)
    roll(m, 2, 5, 4, 4)
    m.apply(0, {"type": "lock_sides"})
    c = m.view(None)["conflict"]
    assert c["roll_against"] is None and c["target_number"] == 20 and c["margin"] == 4
    m.apply(0, {"type": "close_window"})
    assert standing(m, "v3") == 7
    finish_turn(m)
    assert standing(m, "v2") == 11 and standing(m, "v3") == 6


def test_e8_end_of_round_rewards_are_personal_gain_and_net():
    # §8 E8, R17 (+3/+6 personal gain), R18 (net loss, floored per 3)
    m = village_s(turn=1)
    st = m.state
    # during the round: v5 6 -> 0 (sentenced); v6 10 -> 8 -> 11 -> 4
    set_standing(m, "v5", 0, "test")
    for value in (8, 11, 4):
        set_standing(m, "v6", value, "test")
    to_round_end(m)
    quiet_phase(m)
    assert status(m, "v5") == "executed"
    pg = {p: st["ledgers"][p]["personal_gain"] for p in (1, 2, 3)}
    assert pg == {1: 5, 2: 2, 3: 6}
    rewards = {e["player"]: e for e in m.log(0) if e["type"] == "reward"}
    assert [x["why"] for x in rewards[1]["lines"]] == ["vendetta_loss", "vendetta_executed"]
    assert st["ledgers"][1]["vendetta"] is None and st["ledgers"][3]["envy"] is None
    # the breakdown is private; the total is public (R33)
    public = [e for e in m.log(2) if e["type"] == "reward" and e["player"] == 1][0]
    assert "lines" not in public and public["gain"] == 5
    # p1 and p3 must replace them in the next secret action phase (R19)
    assert "vendetta" in m.view(1)["you"]["needs"] and "envy" in m.view(3)["you"]["needs"]


def test_e9_win_check_most_personal_gain_wins():
    # §8 E9, R32
    m = village_s(turn=1)
    st = m.state
    st["ledgers"][1]["personal_gain"] = 14
    st["ledgers"][2]["personal_gain"] = 16
    set_standing(m, "v5", 0, "test")  # p1: vendetta on v5 executed, 6 lost -> +5
    for value in (8, 11, 4):
        set_standing(m, "v6", value, "test")  # p2: net 6 -> +2
    st["ledgers"][3]["envy"]["holder"] = "v7"  # p3 gains nothing
    to_round_end(m)
    quiet_phase(m)
    assert m.over
    assert m.result() == {"scores": [0, 19, 18, 0], "winners": [1]}


def test_e9_ties_go_to_standing_then_share():
    # R32: equal personal gain -> higher villager standing; then a shared win
    m = village_s(turn=1)
    st = m.state
    for p in (1, 2):
        st["ledgers"][p]["personal_gain"] = 18
    st["ledgers"][1]["vendetta"]["target"] = "v4"
    st["ledgers"][2]["vendetta"]["target"] = "v4"
    st["villagers"]["v1"]["standing"] = 14
    to_round_end(m)
    quiet_phase(m)
    assert m.result()["winners"] == [1]


def test_e10_setup_threshold_choosing_companions_and_turn_order():
    # §8 E10, §2.5 (3x participants incl. the Prévôt, R3), §2.6, §2.8 (M9), §2.9
    m = new_match("malleus", ["Prévôt", "Ann", "Bob", "Cy"], seed=3)
    m.apply(0, {"type": "set_trigger", "text": "The rye is black with blight."})
    m.apply(0, {"type": "add_villager", "name": "Villager 1", "facts": ["a", "b", "c"]})
    for s in (1, 2, 3):  # p1 acts after the Prévôt's villager (R4); passes count but do not end
        m.apply(s, {"type": "pass"})
    assert m.state["phase"] == "building"
    seat = 0
    for n in range(2, 13):  # villagers 2..12
        m.apply(
            seat,
            {
                "type": "add_villager",
                "name": f"Villager {n}",
                "facts": ["a", "b", "c"],
                "relation": {"with": "v1", "kind": "ally", "direction": "new_to_old", "mutual": False},
            },
        )
        seat = (seat + 1) % 4
    assert seat == 3  # p2 created villager 12; p3 is next
    for s in (3, 0, 1):
        m.apply(s, {"type": "pass"})
    assert m.state["phase"] == "building"
    m.apply(2, {"type": "pass"})
    assert m.state["phase"] == "choosing"
    assert m.to_act() == [3]
    for s, v in ((3, "v3"), (1, "v1"), (2, "v2")):
        m.apply(s, {"type": "choose_villager", "villager": v})
    for s in (1, 2, 3):
        m.apply(
            s,
            {
                "type": "submit_ledger",
                "secret": "s",
                "envy": {"holder": "v5", "thing": "a cow", "thing_villager": None},
                "vendetta": {"target": "v4", "reason": "r"},
            },
        )
    m.apply(1, {"type": "choose_companion", "villager": "v6"})
    m.apply(2, {"type": "choose_companion", "villager": "v6"})
    m.apply(3, {"type": "choose_companion", "villager": "v5"})
    # everyone sends again, so nobody learns who collided (M9)
    assert m.to_act() == [1, 2, 3]
    assert m.view(1)["you"]["prompt"] == "choose_again" and m.view(3)["you"]["prompt"] is None
    assert m.legal(3) == [{"type": "choose_companion", "villager": "v5"}]
    taken = [e for e in m.log(3) if e["type"] == "companion_taken"]
    assert taken == []
    m.apply(1, {"type": "choose_companion", "villager": "v7"})
    m.apply(2, {"type": "choose_companion", "villager": "v6"})
    m.apply(3, {"type": "choose_companion", "villager": "v5"})
    assert m.state["phase"] == "round"
    assert m.state["turn_order"] == [2, 1, 3]
    assert [m.state["ledgers"][p]["companion"] for p in (1, 2, 3)] == ["v7", "v6", "v5"]


def test_e10_reshuffle_happens_mid_draw():
    # §8 E10 second part, R39: deck 1, discard 9; hands p2 0, p1 1, p3 2
    m = village_s(turn=1)
    st = m.state
    st["turn_order"] = [2, 1, 3]
    empty_hands(m)
    cards = list(st["deck"])
    st["ledgers"][1]["hand"] = [cards.pop()]
    st["ledgers"][3]["hand"] = [cards.pop(), cards.pop()]
    st["ledgers"][3]["locked"] = list(st["ledgers"][3]["hand"][:1])
    st["discard"] = [cards.pop() for _ in range(9)]
    st["deck"] = [cards.pop()]
    rest = cards  # out of play for this test: 55 - 1 - 2 - 9 - 1
    start_round(m)
    assert [len(st["ledgers"][p]["hand"]) for p in (1, 2, 3)] == [2, 2, 2]
    assert len(st["deck"]) == 7 and st["discard"] == []
    assert len(rest) == 42
    assert any(e["type"] == "reshuffle" and e["count"] == 9 for e in m.log(None))
