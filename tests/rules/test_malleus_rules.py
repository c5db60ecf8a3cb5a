"""Malleus Maleficarum rules and refusals (docs/rules/malleus.md §2–§7, R1–R39, M1–M15).

Every refusal is checked with ``refused``: the command raises IllegalCommand with a
message, and the match is byte-identical afterwards."""

from __future__ import annotations

import pytest

from game.engine import SetupError, new_match
from game.rules.malleus import catalog, clean_text
from game.rules.malleus.state import turn_seat
from game.rules.malleus.village import set_standing
from tests.rules.malleus_kit import (
    NAMES,
    declare,
    empty_hands,
    finish_turn,
    frame,
    give,
    quiet_phase,
    quiet_secret_step,
    refused,
    roll,
    standing,
    status,
    to_round_end,
    village_s,
)

RELATION = {"with": "v1", "kind": "ally", "direction": "new_to_old", "mutual": False}


def _building(players: int = 3):
    m = new_match("malleus", NAMES[: players + 1], seed=5)
    m.apply(0, {"type": "set_trigger", "text": "Plague in the next valley."})
    m.apply(0, {"type": "add_villager", "name": "Anne", "facts": ["a", "b", "c"]})
    return m


def _scene(turn: int = 1, target: str = "v5", present=("v1", "v5", "v4")):
    m = village_s(turn=turn)
    declare(m, turn, "accusation", target=target)
    frame(m, turn, [f"v{turn}", *[v for v in present if v != f"v{turn}"]])
    return m


# ------------------------------------------------------------------------ the deck --
def test_deck_has_55_cards_in_the_order_of_section_1_6():
    # §1.6, R1 (Temporary *Sadistic* Satiation, 4 copies)
    cat = catalog()
    assert len(cat.card_ids) == 55
    assert cat.types["satiation"].name == "Temporary Sadistic Satiation" and cat.types["satiation"].count == 4
    assert [
        cat.type_of[c]
        for c in ("c1", "c7", "c9", "c10", "c14", "c20", "c24", "c30", "c36", "c40", "c42", "c46", "c50", "c55")
    ] == [
        "blackmail",
        "bribery",
        "eavesdropping",
        "if_i_cant",
        "interloper",
        "intimidation",
        "gossip",
        "planted_evidence",
        "sharp_intuition",
        "shifting_blame",
        "satiation",
        "treachery",
        "whispering",
        "whispering",
    ]


# ------------------------------------------------------------- refusals, by command --
def test_new_match_refuses_two_players_and_seven():
    # §2.1, R2: the Prévôt and 3-5 players
    with pytest.raises(SetupError, match="3 to 5 players"):
        new_match("malleus", NAMES[:3])
    with pytest.raises(SetupError):
        new_match("malleus", NAMES + ["Fay"])


def test_set_trigger_refusals():
    # §2.2: the Prévôt records it, once, with some text
    m = new_match("malleus", NAMES[:4], seed=1)
    refused(m, 1, {"type": "set_trigger", "text": "x"}, "not_your_turn")
    refused(m, 0, {"type": "set_trigger", "text": " \n\t "}, "empty_text")
    refused(m, 0, {"type": "set_trigger", "text": "x" * 201}, "text_too_long")
    refused(m, 0, {"type": "set_trigger", "text": "x", "seed": 3}, "bad_field")


def test_add_villager_refusals():
    # §2.3 the first villager has no relationship; §2.4 later ones exactly 3 facts + one
    m = new_match("malleus", NAMES[:4], seed=1)
    m.apply(0, {"type": "set_trigger", "text": "Blight."})
    refused(m, 0, {"type": "add_villager", "name": "A", "facts": ["a", "b", "c"], "relation": RELATION}, "bad_relation")
    m.apply(0, {"type": "add_villager", "name": "A", "facts": ["a", "b", "c"]})
    refused(m, 1, {"type": "add_villager", "name": "B", "facts": ["a", "b"], "relation": RELATION}, "bad_facts")
    refused(m, 1, {"type": "add_villager", "name": "B", "facts": ["a", "b", "c"]}, "bad_relation")
    refused(
        m, 2, {"type": "add_villager", "name": "B", "facts": ["a", "b", "c"], "relation": RELATION}, "not_your_turn"
    )


def test_add_fact_relation_refuses_a_second_view_of_the_same_pair():
    # R5: one view per ordered pair
    m = _building()
    m.apply(
        1,
        {
            "type": "add_villager",
            "name": "B",
            "facts": ["a", "b", "c"],
            "relation": {"with": "v1", "kind": "enemy", "direction": "new_to_old", "mutual": True},
        },
    )
    refused(
        m,
        2,
        {
            "type": "add_fact_relation",
            "villager": "v1",
            "fact": "f",
            "relation": {"with": "v2", "kind": "ally", "direction": "new_to_old", "mutual": False},
        },
        "duplicate_view",
    )
    refused(
        m,
        2,
        {
            "type": "add_fact_relation",
            "villager": "v1",
            "fact": "f",
            "relation": {"with": "v1", "kind": "ally", "direction": "new_to_old", "mutual": False},
        },
        "bad_relation",
    )


def test_pass_refused_out_of_turn_and_after_building():
    # §2.4 rotation
    m = _building()
    refused(m, 2, {"type": "pass"}, "not_your_turn")
    m2 = village_s()
    refused(m2, 1, {"type": "pass"}, "wrong_phase")


def test_choose_villager_refuses_a_taken_villager_and_the_wrong_chooser():
    # §2.6
    m = new_match("malleus", NAMES[:4], seed=2)
    m.apply(0, {"type": "set_trigger", "text": "Blight."})
    m.apply(0, {"type": "add_villager", "name": "V1", "facts": ["a", "b", "c"]})
    seat = 1
    while len(m.state["vorder"]) < 12:
        m.apply(seat, {"type": "add_villager", "name": "V", "facts": ["a", "b", "c"], "relation": RELATION})
        seat = (seat + 1) % 4
    for _ in range(4):
        m.apply(seat, {"type": "pass"})
        last = seat
        seat = (seat + 1) % 4
    first = m.to_act()[0]
    assert first == last % 3 + 1
    m.apply(first, {"type": "choose_villager", "villager": "v3"})
    nxt = m.to_act()[0]
    refused(m, nxt, {"type": "choose_villager", "villager": "v3"}, "taken")
    refused(m, first, {"type": "choose_villager", "villager": "v4"}, "not_your_turn")
    refused(m, nxt, {"type": "choose_villager", "villager": "v99"}, "bad_villager")


def _ledger_phase():
    m = new_match("malleus", NAMES[:4], seed=2)
    m.apply(0, {"type": "set_trigger", "text": "Blight."})
    m.apply(0, {"type": "add_villager", "name": "V1", "facts": ["a", "b", "c"]})
    seat = 1
    while len(m.state["vorder"]) < 12:
        m.apply(seat, {"type": "add_villager", "name": "V", "facts": ["a", "b", "c"], "relation": RELATION})
        seat = (seat + 1) % 4
    for _ in range(4):
        m.apply(seat, {"type": "pass"})
        seat = (seat + 1) % 4
    for v in ("v1", "v2", "v3"):
        m.apply(m.to_act()[0], {"type": "choose_villager", "villager": v})
    return m


def test_submit_ledger_refuses_a_player_envy_holder_and_own_vendetta():
    # R7
    m = _ledger_phase()
    p = next(s for s in (1, 2, 3) if m.state["ledgers"][s]["villager"] == "v1")
    good_envy = {"holder": "v5", "thing": "the cow", "thing_villager": None}
    refused(
        m,
        p,
        {
            "type": "submit_ledger",
            "secret": "s",
            "envy": {"holder": "v2", "thing": "t", "thing_villager": None},
            "vendetta": {"target": "v5", "reason": "r"},
        },
        "bad_envy",
    )
    refused(
        m,
        p,
        {"type": "submit_ledger", "secret": "s", "envy": good_envy, "vendetta": {"target": "v1", "reason": "r"}},
        "bad_vendetta",
    )
    refused(
        m,
        0,
        {"type": "submit_ledger", "secret": "s", "envy": good_envy, "vendetta": {"target": "v5", "reason": "r"}},
        "not_your_turn",
    )
    m.apply(p, {"type": "submit_ledger", "secret": "s", "envy": good_envy, "vendetta": {"target": "v5", "reason": "r"}})
    refused(
        m, p, {"type": "submit_ledger", "secret": "s", "envy": good_envy, "vendetta": {"target": "v5", "reason": "r"}}
    )


def test_choose_companion_refuses_a_player_villager():
    # R6: companions are NPCs
    m = _ledger_phase()
    for p in (1, 2, 3):
        m.apply(
            p,
            {
                "type": "submit_ledger",
                "secret": "s",
                "envy": {"holder": "v5", "thing": "t", "thing_villager": None},
                "vendetta": {"target": "v6", "reason": "r"},
            },
        )
    refused(m, 1, {"type": "choose_companion", "villager": "v2"}, "bad_companion")
    refused(m, 0, {"type": "choose_companion", "villager": "v5"}, "not_your_turn")


def test_declare_conflict_refusals():
    # R31 no self-accusation; R21 no sentenced target; §3.2 reveal needs another's villager
    m = village_s(turn=1)
    refused(m, 1, {"type": "declare_conflict", "kind": "accusation", "target": "v1"}, "self_accusation")
    refused(m, 2, {"type": "declare_conflict", "kind": "accusation", "target": "v5"}, "not_your_turn")
    refused(m, 1, {"type": "declare_conflict", "kind": "arson", "target": "v5"}, "bad_kind")
    refused(
        m, 1, {"type": "declare_conflict", "kind": "reveal_secret", "target": "v5", "claimed_text": "x"}, "bad_target"
    )
    refused(
        m,
        1,
        {
            "type": "declare_conflict",
            "kind": "relationship_change",
            "relationship": {"from": "v4", "to": "v6", "new": "ally"},
        },
        "no_change",
    )
    refused(
        m,
        1,
        {
            "type": "declare_conflict",
            "kind": "facts_change",
            "target": None,
            "ops": [{"op": "modify", "fact": "w3", "text": "x"}],
        },
        "read_only",
    )
    refused(
        m,
        1,
        {"type": "declare_conflict", "kind": "facts_change", "target": None, "ops": [{"op": "remove", "fact": "f2"}]},
        "bad_ops",
    )
    m.state["villagers"]["v5"]["status"] = "sentenced"
    refused(m, 1, {"type": "declare_conflict", "kind": "accusation", "target": "v5"}, "not_alive")


def test_confirm_secret_refusals_and_rejection_voids_the_declaration():
    # R15: the Prévôt voids wrong guesses; declare again
    m = village_s(turn=1)
    refused(m, 0, {"type": "confirm_secret", "accept": True}, "not_your_turn")
    declare(m, 1, "reveal_secret", target="v2", claimed_text="He cheats at dice")
    refused(m, 2, {"type": "confirm_secret", "accept": True}, "not_your_turn")
    refused(m, 0, {"type": "confirm_secret", "accept": "yes"}, "bad_field")
    m.apply(0, {"type": "confirm_secret", "accept": False})
    assert m.view(None)["step"] == "declare" and m.state["ledgers"][2]["secret"]["revealed"] is False
    voided = [e for e in m.log(3) if e["type"] == "declare" and e["kind"] == "reveal_secret"]
    assert voided and all("claimed_text" not in e for e in voided)


def test_frame_scene_refuses_an_absent_actor_and_a_sentenced_villager():
    # R31, R21
    m = village_s(turn=1)
    declare(m, 1, "accusation", target="v5")
    refused(m, 1, {"type": "frame_scene", "location": "Mill", "present": ["v5", "v4"]}, "actor_absent")
    refused(m, 2, {"type": "frame_scene", "location": "Mill", "present": ["v1"]}, "not_your_turn")
    refused(m, 1, {"type": "frame_scene", "location": "Mill", "present": ["v1", "v1"]}, "duplicate")
    m.state["villagers"]["v7"]["status"] = "sentenced"
    refused(m, 1, {"type": "frame_scene", "location": "Mill", "present": ["v1", "v7"]}, "not_alive")
    refused(m, 1, {"type": "frame_scene", "location": "", "present": ["v1"], "resume": "s9"}, "bad_scene")


def test_join_scene_refusals():
    # §3.3: an absent player joins; the Prévôt and present villagers do not
    m = _scene(present=("v1", "v5", "v2"))
    refused(m, 2, {"type": "join_scene"}, "cannot_join")
    refused(m, 0, {"type": "join_scene"}, "players_only")
    m2 = village_s(turn=1)
    refused(m2, 3, {"type": "join_scene"}, "wrong_step")


def test_set_present_refuses_player_villagers_and_the_actor():
    # §3.3: the Prévôt moves NPCs only; R31 the actor stays
    m = _scene()
    refused(m, 0, {"type": "set_present", "add": ["v2"]}, "not_npc")
    refused(m, 0, {"type": "set_present", "remove": ["v1"]}, "not_npc")
    refused(m, 0, {"type": "set_present", "add": [], "remove": []}, "bad_command")
    refused(m, 1, {"type": "set_present", "add": ["v6"]}, "prevot_only")
    m.apply(0, {"type": "set_present", "add": ["v6"], "remove": ["v4"]})
    assert m.view(None)["conflict"]["present"] == ["v1", "v5", "v6"]


def test_take_side_refusals():
    # §3.4: present, not actor, not target, once; R12 the principal of an accusation opposes automatically
    m = village_s(turn=1)
    declare(m, 1, "accusation", target="v2")
    frame(m, 1, ["v1", "v2", "v3"])
    refused(m, 1, {"type": "take_side", "side": "for"}, "cannot_side")
    refused(m, 2, {"type": "take_side", "side": "against"}, "cannot_side")
    refused(m, 3, {"type": "take_side", "side": "maybe"}, "bad_side")
    m.apply(3, {"type": "take_side", "side": "for"})
    refused(m, 3, {"type": "take_side", "side": "against"}, "cannot_side")


def test_cite_fact_refusals():
    # §3.4 facts; M5
    m = _scene()
    refused(m, 1, {"type": "cite_fact", "fact": "f99", "side": "for"}, "bad_fact")
    m.state["facts"]["f4"]["status"] = "removed"
    refused(m, 1, {"type": "cite_fact", "fact": "f4", "side": "for"}, "bad_fact")
    m.apply(1, {"type": "cite_fact", "fact": "f2", "side": "for"})
    refused(m, 2, {"type": "cite_fact", "fact": "f2", "side": "for"}, "already_cited")
    m.apply(0, {"type": "approve_fact", "fact": "f2", "side": "for"})
    refused(m, 2, {"type": "cite_fact", "fact": "f2", "side": "against"}, "already_counted")


def test_approve_and_reject_fact_need_a_pending_citation_and_the_prevot():
    # §3.4: only the Prévôt's approval counts
    m = _scene()
    refused(m, 0, {"type": "approve_fact", "fact": "f2", "side": "for"}, "not_cited")
    refused(m, 0, {"type": "reject_fact", "fact": "f2", "side": "for"}, "not_cited")
    m.apply(2, {"type": "cite_fact", "fact": "f2", "side": "for"})
    refused(m, 1, {"type": "approve_fact", "fact": "f2", "side": "for"}, "prevot_only")
    refused(m, 1, {"type": "reject_fact", "fact": "f2", "side": "for"}, "prevot_only")
    m.apply(0, {"type": "reject_fact", "fact": "f2", "side": "for"})
    assert m.view(None)["conflict"]["bonus"]["for"]["facts_bonus"] == 0


def test_assign_side_refusals():
    # §3.4 overrides, R8
    m = _scene()
    refused(m, 0, {"type": "assign_side", "villager": "v5", "side": "for"}, "bad_villager")
    refused(m, 0, {"type": "assign_side", "villager": "v6", "side": "for"}, "not_present")
    refused(m, 0, {"type": "assign_side", "villager": "v4", "side": "for"}, "no_change")
    refused(m, 1, {"type": "assign_side", "villager": "v4", "side": "against"}, "prevot_only")
    m.apply(0, {"type": "assign_side", "villager": "v4", "side": "against"})
    assert m.view(None)["conflict"]["bonus"]["against"]["pool_bonus"] == 4


def test_begin_resolution_is_the_prevots_and_only_in_a_scene():
    # §3.5
    m = village_s(turn=1)
    refused(m, 0, {"type": "begin_resolution"}, "not_your_turn")
    m = _scene()
    refused(m, 1, {"type": "begin_resolution"}, "not_your_turn")


def test_secret_action_refusals():
    # §3.5: text required; once; a public-only card cannot be queued
    m = _scene()
    gossip = give(m, 2, "gossip")
    m.apply(0, {"type": "begin_resolution"})
    refused(m, 1, {"type": "secret_action", "text": ""}, "empty_text")
    refused(m, 0, {"type": "secret_action", "text": "x"}, "not_your_turn")
    refused(m, 2, {"type": "secret_action", "text": "x", "cards": [{"card": gossip}]}, "public_card")
    refused(m, 2, {"type": "secret_action", "text": "x", "notes": [{"to": 2, "text": "hi"}]}, "bad_notes")
    refused(
        m,
        2,
        {"type": "secret_action", "text": "x", "new_envy": {"holder": "v5", "thing": "t", "thing_villager": None}},
        "slot_full",
    )
    m.apply(1, {"type": "secret_action", "text": "No Secret Action"})
    refused(m, 1, {"type": "secret_action", "text": "again"})


def test_apply_card_refuses_a_card_whose_timing_is_closed_and_void_returns_it():
    # §3.5, M8: apply_card refuses; void_card returns the card unspent
    m = _scene()
    bribe = give(m, 2, "bribery")
    m.apply(0, {"type": "begin_resolution"})
    m.apply(1, {"type": "secret_action", "text": "x"})
    m.apply(2, {"type": "secret_action", "text": "bribe", "cards": [{"card": bribe, "target": "v5"}]})
    refused(m, 0, {"type": "apply_card", "card": bribe}, "not_your_turn")  # p3 not in yet
    m.apply(3, {"type": "secret_action", "text": "x"})
    refused(m, 0, {"type": "apply_card", "card": bribe}, "cannot_apply")
    refused(m, 0, {"type": "apply_card", "card": "c1"}, "not_queued")
    refused(m, 0, {"type": "close_secret_actions"}, "queue_waiting")
    refused(m, 0, {"type": "void_card", "card": "c2"}, "not_queued")
    m.apply(0, {"type": "void_card", "card": bribe})
    led = m.state["ledgers"][2]
    assert bribe in led["hand"] and bribe not in led["locked"] and bribe not in led["queued"]
    assert [e for e in m.log(3) if e["type"] == "card_void"] == []
    m.apply(0, {"type": "close_secret_actions"})


def test_roll_and_lock_sides_refusals():
    # §3.6: the actor rolls first, the Prévôt locks after it
    m = _scene()
    refused(m, 1, {"type": "roll"}, "not_your_turn")
    quiet_secret_step(m)
    refused(m, 0, {"type": "lock_sides"}, "not_your_turn")
    refused(m, 2, {"type": "roll"}, "not_your_turn")
    roll(m, 1, 1, 2, 3)
    refused(m, 1, {"type": "roll"}, "not_your_turn")
    refused(m, 1, {"type": "lock_sides"}, "not_your_turn")


def test_play_card_refusals():
    # §4 timings, §3.12 Gossip/Shifting never secret, R24 not before the game proper
    m = _scene()
    gossip = give(m, 2, "gossip")
    planted = give(m, 2, "planted_evidence")
    refused(m, 2, {"type": "play_card", "card": gossip, "secret": True}, "cannot_play")
    refused(m, 2, {"type": "play_card", "card": gossip, "secret": False}, "cannot_play")
    refused(m, 2, {"type": "play_card", "card": planted, "secret": True, "target": "v4"}, "cannot_play")
    refused(m, 2, {"type": "play_card", "card": planted, "secret": True}, "bad_command")
    refused(m, 1, {"type": "play_card", "card": planted, "secret": True, "target": "v5"}, "not_in_hand")
    refused(m, 0, {"type": "play_card", "card": planted, "secret": True, "target": "v5"}, "players_only")
    m.apply(2, {"type": "play_card", "card": planted, "secret": True, "target": "v5"})
    refused(m, 2, {"type": "play_card", "card": planted, "secret": True, "target": "v7"}, "locked")
    early = new_match("malleus", NAMES[:4], seed=1)
    refused(early, 1, {"type": "play_card", "card": "c30", "secret": True, "target": "v1"}, "not_your_turn")


def test_close_window_narrate_end_turn_discard_refusals():
    # §3.7 aftermath, M11 the loser narrates, §3.9
    m = _scene()
    refused(m, 0, {"type": "close_window"}, "wrong_step")
    refused(m, 0, {"type": "end_turn"}, "wrong_step")
    quiet_secret_step(m)
    roll(m, 1, 6, 6, 6)
    m.apply(0, {"type": "lock_sides"})
    refused(m, 0, {"type": "end_turn"}, "wrong_step")
    refused(m, 1, {"type": "narrate", "text": "I won"}, "not_the_loser")
    m.apply(0, {"type": "narrate", "text": "Thérèse is dragged away."})
    refused(m, 0, {"type": "narrate", "text": "again"}, "already_done")
    m.apply(0, {"type": "close_window"})
    refused(m, 0, {"type": "close_window"}, "wrong_step")
    m.apply(0, {"type": "end_turn"})
    refused(m, 1, {"type": "discard", "cards": ["c999"]}, "bad_card")
    other = m.state["ledgers"][2]["hand"][0]
    refused(m, 1, {"type": "discard", "cards": [other]}, "not_in_hand")
    refused(m, 2, {"type": "discard", "cards": []}, "not_your_turn")


def _secret_phase():
    m = village_s(turn=1)
    to_round_end(m)
    return m


def test_start_npc_conflict_and_end_secret_phase_refusals():
    # §3.10, R30: no NPC reveals; the actor must be an NPC
    m = _secret_phase()
    refused(m, 0, {"type": "end_secret_phase"}, "not_your_turn")
    for p in (1, 2, 3):
        m.apply(p, {"type": "secret_action", "text": "No Secret Action"})
    refused(
        m,
        0,
        {"type": "start_npc_conflict", "actor_villager": "v4", "kind": "reveal_secret", "target": "v2"},
        "npc_reveal",
    )
    refused(
        m, 0, {"type": "start_npc_conflict", "actor_villager": "v1", "kind": "accusation", "target": "v5"}, "not_npc"
    )
    refused(m, 1, {"type": "end_secret_phase"}, "not_your_turn")
    m.apply(0, {"type": "start_npc_conflict", "actor_villager": "v4", "kind": "accusation", "target": "v5"})
    refused(m, 0, {"type": "end_secret_phase"}, "wrong_step")


def test_record_fact_only_after_if_i_cant_have_it():
    # M12
    m = _scene()
    refused(m, 0, {"type": "record_fact", "subject": "v7", "text": "Her shawl burned."}, "nothing_to_record")
    card = give(m, 1, "if_i_cant")
    m.apply(
        1,
        {
            "type": "play_card",
            "card": card,
            "secret": True,
            "new_envy": {"holder": "v6", "thing": "the mill", "thing_villager": None},
        },
    )
    refused(m, 1, {"type": "record_fact", "subject": "v7", "text": "x"}, "prevot_only")
    m.apply(0, {"type": "record_fact", "subject": "v7", "text": "Her shawl burned in the night."})
    refused(m, 0, {"type": "record_fact", "subject": "v7", "text": "again"}, "nothing_to_record")


def test_junk_commands_are_refused_cleanly():
    # DESIGN D2: only IllegalCommand leaves apply, whatever the shape
    m = _scene()
    refused(m, 1, {"type": "teleport"}, "not_your_turn")
    refused(m, 0, {"type": "teleport"}, "unknown_command")
    refused(m, 0, {"type": "lock_sides", "now": True}, "bad_field")
    refused(m, 0, {"type": "take_side"}, "missing_field")
    refused(m, 2, {"type": "cite_fact", "fact": ["f2"], "side": "for"}, "bad_fact")
    refused(m, 2, {"type": "cite_fact", "fact": {"deep": [[[1]]]}, "side": None}, "bad_fact")
    refused(m, 9, {"type": "roll"}, "bad_seat")
    refused(m, 1, {"type": "play_card", "card": 10**30, "secret": True}, "bad_command")
    refused(m, 1, {"type": "play_card", "card": 10**9, "secret": True}, "bad_card")


# ------------------------------------------------------------------- free text --
def test_free_text_is_cleaned_and_bounded():
    # §7.2: printable, single-spaced, 1-200 characters; names cut to 40
    assert clean_text("  Marie\x00 la\n\tMeunière \u200b ", "t") == "Marie la Meunière"
    m = new_match("malleus", NAMES[:4], seed=1)
    m.apply(0, {"type": "set_trigger", "text": "A\x1b[31m red\r\nsky"})
    assert m.view(None)["facts"]["f1"]["text"] == "A [31m red sky"
    m.apply(0, {"type": "add_villager", "name": "N" * 120, "facts": ["a", "b", "c"]})
    assert len(m.view(None)["villagers"][0]["name"]) == 40
    refused(m, 1, {"type": "add_villager", "name": 7, "facts": ["a", "b", "c"], "relation": RELATION}, "bad_text")


# ---------------------------------------------------------------------- rulings --
def test_r10_pool_is_summed_then_floored_once():
    # R10: 5 + 5 + 5 = 15 -> 5 (separately floor(5/3)*3 = 3)
    m = village_s(turn=1)
    for vid in ("v4", "v6", "v7"):
        m.state["villagers"][vid]["standing"] = 5
    declare(m, 1, "accusation", target="v5")
    frame(m, 1, ["v1", "v5", "v4", "v6"])  # both hate Thérèse: "for" by default
    m.apply(0, {"type": "set_present", "add": ["v7"]})
    m.apply(0, {"type": "assign_side", "villager": "v7", "side": "for"})
    b = m.view(None)["conflict"]["bonus"]["for"]
    assert [x["standing"] for x in b["pool"]] == [5, 5, 5]
    assert (b["pool_sum"], b["pool_bonus"], b["total"]) == (15, 5, 15)


def test_r13_equal_standing_opposers_first_after_the_actor_rolls():
    # R13: equal standings -> the first in turn order after the actor
    m = village_s(turn=1)
    m.state["turn_order"] = [1, 3, 2]
    m.state["turn_idx"] = 0
    m.state["villagers"]["v3"]["standing"] = 10
    declare(m, 1, "accusation", target="v6")
    frame(m, 1, ["v1", "v6", "v2", "v3"])
    m.apply(2, {"type": "take_side", "side": "against"})
    m.apply(3, {"type": "take_side", "side": "against"})
    quiet_secret_step(m)
    roll(m, 1, 3, 3, 3)
    m.apply(0, {"type": "lock_sides"})
    assert m.to_act() == [3]
    m.state["turn_order"] = [1, 2, 3]
    assert m.to_act() == [2]


def test_r13_a_tie_loses_against_an_opposing_roll():
    # R13: actor_total == TN loses
    m = village_s(turn=2)
    declare(m, 2, "accusation", target="v3")
    frame(m, 2, ["v2", "v3"])
    quiet_secret_step(m)
    roll(m, 2, 4, 4, 4)  # 12 + 10 = 22
    m.apply(0, {"type": "lock_sides"})
    roll(m, 3, 4, 4, 3)  # 11 + 11 = 22
    assert m.view(None)["conflict"]["result"] == "loss" and standing(m, "v3") == 11


def test_r18_bolster_then_accuse_earns_only_the_net_loss():
    # R18: 10 -> 19 (bolstered) -> 7 is a net loss of 3 -> 1 PG, not floor(12/3) = 4
    m = village_s(turn=1)
    m.state["ledgers"][1]["vendetta"]["target"] = "v6"
    m.state["ledgers"][1]["vendetta"]["baseline"] = 10
    set_standing(m, "v6", 19, "test")
    set_standing(m, "v6", 7, "test")

    to_round_end(m)
    quiet_phase(m)
    assert m.state["ledgers"][1]["personal_gain"] == 1


def test_r17_executed_envy_holder_and_vendetta_target_give_personal_gain_not_standing():
    # R17: +6 envy, +3 vendetta, as personal gain; the villager's standing is untouched
    m = village_s(turn=1)
    led = m.state["ledgers"][3]
    led["vendetta"].update(target="v5", baseline=6)
    set_standing(m, "v5", 0, "test")  # p3 envies v5's cottage and hates v5: baseline 6

    to_round_end(m)
    before = standing(m, "v3")
    quiet_phase(m)
    assert led["personal_gain"] == 6 + 3 + 2 and standing(m, "v3") == before
    # and the next phase demands replacements (R19), refused without them
    to_round_end(m)
    refused(m, 3, {"type": "secret_action", "text": "nothing"}, "replacement_needed")


def test_r20_bribery_window_closes_with_the_turn():
    # R20: until the end of the turn of the sentence (M7: its discard)
    m = _scene()
    bribe = give(m, 2, "bribery")
    quiet_secret_step(m)
    roll(m, 1, 6, 6, 6)
    m.apply(0, {"type": "lock_sides"})
    m.apply(0, {"type": "close_window"})
    assert status(m, "v5") == "sentenced" and m.view(None)["bribery"] == ["v5"]
    finish_turn(m)
    assert m.view(None)["bribery"] == []
    refused(m, 2, {"type": "play_card", "card": bribe, "secret": True, "target": "v5"}, "cannot_play")


def test_r20_a_sentence_in_the_secret_phase_stays_bribable_until_the_phase_ends():
    # R20, M7
    m = _secret_phase()
    whisper = give(m, 1, "whispering")
    bribe = give(m, 2, "bribery")
    m.state["villagers"]["v7"]["standing"] = 3
    m.apply(1, {"type": "secret_action", "text": "whispers", "cards": [{"card": whisper, "target": "v7"}]})
    m.apply(2, {"type": "secret_action", "text": "x"})
    m.apply(3, {"type": "secret_action", "text": "x"})
    m.apply(0, {"type": "apply_card", "card": whisper})
    assert status(m, "v7") == "sentenced"
    m.apply(0, {"type": "start_npc_conflict", "actor_villager": "v4", "kind": "bolster", "target": "v6"})
    frame(m, 0, ["v4", "v6"])
    quiet_secret_step(m)
    roll(m, 0, 1, 1, 1)
    m.apply(0, {"type": "lock_sides"})
    m.apply(0, {"type": "end_turn"})
    assert m.view(None)["bribery"] == ["v7"]
    m.apply(2, {"type": "play_card", "card": bribe, "secret": True, "target": "v7"})
    assert status(m, "v7") == "alive"


def test_r27_an_intimidated_player_cannot_bribe_the_sentence_his_conflict_caused():
    # R27
    m = village_s(turn=1)
    intim = give(m, 3, "intimidation")
    bribe = give(m, 2, "bribery")
    declare(m, 1, "accusation", target="v5")
    m.apply(3, {"type": "play_card", "card": intim, "secret": True, "player": 2})
    frame(m, 1, ["v1", "v5"])
    quiet_secret_step(m)
    roll(m, 1, 6, 6, 6)
    m.apply(0, {"type": "lock_sides"})
    m.apply(0, {"type": "close_window"})
    assert status(m, "v5") == "sentenced" and m.view(None)["bribery"] == ["v5"]
    exc = refused(m, 2, {"type": "play_card", "card": bribe, "secret": True, "target": "v5"}, "cannot_play")
    assert "intimidated" in exc.message


def test_r29_forfeit_skips_the_next_turn_even_in_the_next_round_and_blocks_joining():
    # R29: p1 joins unbidden after his own turn: the forfeit falls on his round-2 turn
    m = village_s(turn=2)
    declare(m, 2, "bolster", target="v2")
    frame(m, 2, ["v2"])
    m.apply(1, {"type": "join_scene"})
    assert m.view(None)["players"][0]["forfeit"] is True
    quiet_secret_step(m)
    roll(m, 2, 1, 1, 1)
    m.apply(0, {"type": "lock_sides"})
    finish_turn(m)
    declare(m, 3, "bolster", target="v3")
    frame(m, 3, ["v3"])
    refused(m, 1, {"type": "join_scene"}, "cannot_join")
    quiet_secret_step(m)
    roll(m, 3, 1, 1, 1)
    m.apply(0, {"type": "lock_sides"})
    finish_turn(m)
    for p in (1, 2, 3):
        m.apply(p, {"type": "secret_action", "text": "No Secret Action"})
    m.apply(0, {"type": "end_secret_phase"})
    assert m.state["round"] == 2 and turn_seat(m) == 1
    assert m.view(None)["step"] == "discard"  # skipped
    m.apply(1, {"type": "discard", "cards": []})
    assert m.view(None)["players"][0]["forfeit"] is False
    declare(m, 2, "bolster", target="v2")
    frame(m, 2, ["v2"])
    assert {"type": "join_scene"} in m.legal(1)


def test_r28_interloper_brings_a_player_without_forfeit_but_not_on_ones_own_turn():
    # R28
    m = _scene()
    mine = give(m, 1, "interloper")
    theirs = give(m, 2, "interloper")
    refused(m, 1, {"type": "play_card", "card": mine, "secret": True, "target": "v3"}, "cannot_play")
    m.apply(2, {"type": "play_card", "card": theirs, "secret": True, "target": "v3"})
    assert "v3" in m.view(None)["conflict"]["present"]
    m.apply(3, {"type": "take_side", "side": "for"})
    assert m.state["ledgers"][3]["forfeit"] is False


def test_r26_treachery_flips_a_mutual_ally_whole_and_recomputes_defaults():
    # R26
    m = village_s(turn=1)
    treachery = give(m, 2, "treachery")
    declare(m, 1, "accusation", target="v6")
    frame(m, 1, ["v1", "v6", "v4"])
    assert m.view(None)["conflict"]["npc_sides"]["v4"]["side"] == "against"
    m.apply(0, {"type": "assign_side", "villager": "v4", "side": "none"})
    m.apply(2, {"type": "play_card", "card": treachery, "secret": True, "relationship": "r4"})
    r4 = next(r for r in m.view(None)["relationships"] if r["id"] == "r4")
    assert r4["kind"] == "enemy" and r4["mutual"]
    assert m.view(None)["conflict"]["npc_sides"]["v4"] == {"side": "for", "source": "default"}


def test_r36_satiation_needs_a_different_target_and_starts_a_fresh_baseline():
    # R36
    m = village_s(turn=1)
    card = give(m, 1, "satiation")
    refused(
        m,
        1,
        {"type": "play_card", "card": card, "secret": True, "new_vendetta": {"target": "v5", "reason": "again"}},
        "cannot_play",
    )
    m.apply(
        1,
        {
            "type": "play_card",
            "card": card,
            "secret": True,
            "new_vendetta": {"target": "v7", "reason": "She laughed at me."},
        },
    )
    assert m.view(1)["you"]["vendetta"] == {"target": "v7", "reason": "She laughed at me.", "baseline": 7}


def test_r35_if_i_cant_have_it_needs_an_object_envy():
    # R35
    m = village_s(turn=1)
    m.state["ledgers"][2]["envy"]["thing_villager"] = "v6"
    card = give(m, 2, "if_i_cant")
    refused(
        m,
        2,
        {
            "type": "play_card",
            "card": card,
            "secret": True,
            "new_envy": {"holder": "v4", "thing": "x", "thing_villager": None},
        },
        "cannot_play",
    )


def test_r25_gossip_and_shifting_once_each_and_they_combine():
    # R25
    m = _scene()
    g1, g2 = give(m, 2, "gossip"), give(m, 3, "gossip")
    shift = give(m, 2, "shifting_blame")
    quiet_secret_step(m)
    roll(m, 1, 3, 3, 3)
    m.apply(0, {"type": "lock_sides"})
    margin = m.view(None)["conflict"]["margin"]
    m.apply(2, {"type": "play_card", "card": g1, "secret": False})
    refused(m, 3, {"type": "play_card", "card": g2, "secret": False}, "cannot_play")
    m.apply(2, {"type": "play_card", "card": shift, "secret": False, "target": "v6"})
    m.apply(0, {"type": "close_window"})
    assert standing(m, "v6") == max(0, 10 - 2 * margin) and standing(m, "v5") == 6


def test_m1_bonuses_freeze_at_the_last_roll():
    # R14, M1: after the opposing roll nothing changes the frozen totals
    m = village_s(turn=2)
    whisper = give(m, 1, "whispering")
    declare(m, 2, "accusation", target="v3")
    frame(m, 2, ["v2", "v3"])
    quiet_secret_step(m)
    roll(m, 2, 2, 2, 2)
    m.apply(0, {"type": "lock_sides"})
    roll(m, 3, 6, 6, 6)
    frozen = m.view(None)["conflict"]["bonus"]
    m.apply(1, {"type": "play_card", "card": whisper, "secret": True, "target": "v2"})
    assert m.view(None)["conflict"]["bonus"] == frozen
    refused(m, 1, {"type": "cite_fact", "fact": "w1", "side": "for"}, "wrong_step")


def test_end_of_turn_plus_minus_one_for_player_villagers_on_a_side_only():
    # §3.9, R16: NPCs bear the margin only; intimidated players lose their side
    m = village_s(turn=1)
    declare(m, 1, "accusation", target="v5")
    frame(m, 1, ["v1", "v5", "v2", "v3", "v4"])
    m.apply(2, {"type": "take_side", "side": "against"})
    quiet_secret_step(m)
    roll(m, 1, 6, 6, 6)
    m.apply(0, {"type": "lock_sides"})
    roll(m, 2, 1, 1, 1)
    m.apply(0, {"type": "close_window"})
    m.apply(0, {"type": "end_turn"})
    assert (standing(m, "v1"), standing(m, "v2"), standing(m, "v3"), standing(m, "v4")) == (11, 9, 11, 12)


def test_players_never_sentenced_at_zero():
    # §3.8
    m = village_s(turn=1)
    set_standing(m, "v2", 0, "test")
    assert status(m, "v2") == "alive"


def test_companion_replacement_refused_privately_when_taken():
    # M8: a new companion someone holds -> "taken, choose again"
    m = _secret_phase()
    m.state["ledgers"][1]["companion"] = None
    exc = refused(m, 1, {"type": "secret_action", "text": "x", "new_companion": "v7"}, "companion_taken")
    assert "taken" in exc.message
    m.apply(1, {"type": "secret_action", "text": "x", "new_companion": "v5"})
    assert m.state["ledgers"][1]["companion"] == "v5"


def test_empty_hands_draw_two_at_round_start():
    # §1.7, §3.12
    m = village_s(turn=1)
    assert [len(m.state["ledgers"][p]["hand"]) for p in (1, 2, 3)] == [2, 2, 2]
    empty_hands(m)
    assert sum(len(m.state["ledgers"][p]["hand"]) for p in (1, 2, 3)) == 0


# ------------------------------------------------------------------ determinize --
def test_determinize_hides_other_ledgers_and_hands_but_keeps_what_the_player_learned():
    # DESIGN D2, §5: a player's copy resamples the others' secrets, goals, companions and
    # hands; it keeps its own ledger and hand, and a secret it eavesdropped
    import random

    m = village_s(turn=1)
    card = give(m, 1, "eavesdropping")
    m.apply(1, {"type": "play_card", "card": card, "secret": True, "player": 3})
    worlds = [m.determinize(1, random.Random(k)) for k in range(6)]
    for w in worlds:
        assert w.view(1) == m.view(1)
        assert w.state["ledgers"][1]["hand"] == m.state["ledgers"][1]["hand"]
        assert w.state["ledgers"][2]["secret"]["text"] == "(unknown)"
        assert w.state["ledgers"][3]["secret"]["text"] == m.state["ledgers"][3]["secret"]["text"]
        assert [len(w.state["ledgers"][p]["hand"]) for p in (2, 3)] == [2, 2]
    assert len({tuple(w.state["deck"]) for w in worlds}) == 6
    assert len({(w.state["ledgers"][2]["companion"], w.state["ledgers"][2]["envy"]["holder"]) for w in worlds}) > 1
    prevot = m.determinize(0, random.Random(1))
    assert prevot.state["ledgers"] == m.state["ledgers"] and prevot.state["deck"] != m.state["deck"]
