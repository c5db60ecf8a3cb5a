"""The scenarios of docs/rules/salem.md §8, SC1–SC15, replayed exactly as written
(SC16 and SC17 are in test_salem_rules.py beside the rules they check)."""

from __future__ import annotations

from game.rules.salem import CONSTABLE, NOT_A_WITCH, WITCH
from game.rules.salem import state as salem_state
from tests.rules.salem_kit import ASYLUM, BLACK_CAT, PIETY, kinds, pass_window, play, refused, stage, window_name

ACCS = [f"c{i}" for i in range(35)]


def test_sc1_evidence_overflow_is_lost_after_the_trial():
    # docs/rules/salem.md §8 SC1, §3.3 (R3)
    m = stage(4, rows={2: "N N W N N"}, fronts={2: ACCS[:6]}, hands={0: ["c35"]})
    m.apply(0, play("c35", 2))
    assert m.view(0)["pending"]["kind"] == "trial"
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    s = m.state
    assert kinds(m, s["revealed"][2]) == [NOT_A_WITCH]
    assert len(s["rows"][2]) == 4 and s["alive"][2]
    assert set(ACCS[:6] + ["c35"]) <= set(s["discard"])
    assert m.view(0)["seats"][2]["accusations"] == 0
    assert m.to_act() == [0] and s["active"] == 0
    assert refused(m, 0, {"type": "draw_two"}).code == "already_played"


def test_sc2_refusals_self_target_and_piety():
    # docs/rules/salem.md §8 SC2, §3.4, §3.10 law 1, Piety
    m = stage(4, hands={0: ["c1", "c40"]}, fronts={3: [PIETY]})
    sid = m.state_id
    assert refused(m, 0, play("c1", 0)).code == "self_target"
    exc = refused(m, 0, play("c40", 3))
    assert exc.code == "piety" and "Piety" in exc.message and "Dee" in exc.message
    assert m.state_id == sid
    assert {"type": "draw_two"} in m.legal(0)


def test_sc3_black_cat_finds_the_only_witch():
    # docs/rules/salem.md §8 SC3, §3.5 step 1, §3.8
    m = stage(4, rows={1: "N N N W N", 2: "C N N N N"}, fronts={1: [BLACK_CAT]}, pile=["c57", "c7"])
    m.apply(0, {"type": "draw_two"})
    assert m.view(0)["pending"] == {
        "kind": "black_cat",
        "player": 1,
        "chooser": 0,
        "await": 0,
        "stage": "choose",
        "options": [],
        "guard": False,
    }
    m.apply(0, {"type": "choose_tryal", "player": 1, "index": 3})
    s = m.state
    assert not s["alive"][1]
    assert sorted(kinds(m, s["revealed"][1])) == sorted([NOT_A_WITCH] * 4 + [WITCH])
    assert m.over and s["team"] == "townspeople"
    assert m.result()["winners"] == [0, 2, 3]
    assert "c7" in s["pile"] and "c7" not in s["hands"][0]


def test_sc4_conspiracy_passes_the_witch_and_the_constable():
    # docs/rules/salem.md §8 SC4, §3.5, §5.5
    m = stage(4, rows={0: "W N N N N", 2: "C N N N N"}, discard=[BLACK_CAT], pile=["c57", "c8"])
    m.apply(0, {"type": "draw_two"})
    assert window_name(m) == "conspiracy"
    assert m.to_act() == [0, 1, 2, 3]
    for seat in (0, 1, 2, 3):
        m.apply(seat, {"type": "conspiracy_pick", "index": 0})
    s = m.state
    assert s["witch"][3] and s["witch"][0]
    assert salem_state.constable(m) == 1
    assert not any(s["tryal_kind"][t] == CONSTABLE for t in s["rows"][2])
    assert s["hands"][0] == ["c8"]
    assert s["active"] == 1
    notes = [e for e in m.log(0) if e["type"] == "conspiracy_card"]
    gave = [e for e in notes if e["giver"] == 0]
    got = [e for e in notes if e["taker"] == 0]
    assert gave[0]["kind"] == WITCH and gave[0]["taker"] == 3
    assert got[0]["kind"] == NOT_A_WITCH and got[0]["giver"] == 1
    # §4: the identities only to giver and taker
    assert not [e for e in m.log(2) if e["type"] == "conspiracy_card" and 0 in (e["giver"], e["taker"])]


def _night_5p(**stage_args):
    m = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, pile=["c58"], discard=ACCS[:10], **stage_args)
    m.apply(0, {"type": "draw_two"})
    assert window_name(m) == "night_vote" and m.to_act() == [0, 1, 2, 3, 4]
    pass_window(m, {2: {"type": "night_vote", "target": 3}})
    assert window_name(m) == "gavel"
    pass_window(m, {4: {"type": "gavel", "target": 1}})
    assert m.view(0)["gavel"] == 1 and m.view(3)["gavel"] == 1
    assert window_name(m) == "confess"
    return m


def test_sc5_a_confession_saves_the_witches_target():
    # docs/rules/salem.md §8 SC5, §3.6, §5.4
    m = _night_5p()
    pass_window(m, {3: {"type": "confess", "index": 0}})
    s = m.state
    assert kinds(m, s["revealed"][3]) == [NOT_A_WITCH] and s["alive"][3]
    target = [e for e in m.log(1) if e["type"] == "night_target"]
    assert target == [{"type": "night_target", "seat": 3, "saved": "confessed"}]
    assert len(s["hands"][0]) == 1 and s["hands"][0][0] in ACCS[:10]
    assert len(s["pile"]) == 10 and s["pile"][-1] == "c58"
    assert s["active"] == 1 and s["gavel"] is None


def test_sc6_matchmaker_kills_the_partner_despite_the_gavel():
    # docs/rules/salem.md §8 SC6, R11
    m = _night_5p(fronts={1: ["c54"], 3: ["c55"]}, hands={1: ["c20"], 3: ["c21"]})
    pass_window(m)
    s = m.state
    assert not s["alive"][3] and not s["alive"][1]
    deaths = [e["seat"] for e in m.log(None) if e["type"] == "death"]
    assert deaths == [3, 1]
    assert s["hands"][1] == s["hands"][3] == [] and s["fronts"][1] == s["fronts"][3] == []
    died_with = [c for e in m.log(None) if e["type"] == "discard" and e["reason"] == "death" for c in e["cards"]]
    assert sorted(died_with) == ["c20", "c21", "c54", "c55"]
    # then the morning reshuffle took the whole discard pile into the new draw pile
    assert set(died_with) <= set(s["pile"]) | set(s["hands"][0])
    assert [p for p in range(5) if s["alive"][p]] == [0, 2, 4] and not m.over
    assert len(s["hands"][0]) == 1
    assert s["active"] == 2


def test_sc7_two_stocks_skip_two_turns_in_a_row():
    # docs/rules/salem.md §8 SC7, R5
    m = stage(4, hands={0: ["c49", "c50", "c0"]})
    m.apply(0, play("c49", 1))
    m.apply(0, play("c50", 1))
    m.apply(0, {"type": "end_turn"})
    s = m.state
    assert s["active"] == 2
    assert list(s["fronts"][1]) == ["c50"] and "c49" in s["discard"]
    for seat in (2, 3, 0):
        assert s["active"] == seat
        m.apply(seat, {"type": "draw_two"})
    assert s["active"] == 2 and s["fronts"][1] == []
    skips = [e for e in m.log(None) if e["type"] == "stocks"]
    assert [e["seat"] for e in skips] == [1, 1]


def test_sc8_scapegoat_moves_accusations_onto_piety_and_tries():
    # docs/rules/salem.md §8 SC8, §3.4 Scapegoat
    m = stage(4, rows={2: "N C N N N"}, fronts={1: ACCS[:5] + [ASYLUM], 2: [PIETY, "c5", "c6"]}, hands={0: ["c47"]})
    m.apply(0, {"type": "play", "card": "c47", "target": 1, "target2": 2})
    assert m.view(0)["seats"][2]["accusations"] == 7
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 1})
    s = m.state
    assert kinds(m, s["revealed"][2]) == [CONSTABLE]
    assert salem_state.constable(m) is None
    assert set(ACCS[:7]) <= set(s["discard"])
    assert sorted(s["fronts"][2]) == sorted([PIETY, ASYLUM])
    assert s["fronts"][1] == []


def test_sc9_two_matchmakers_on_one_seat_cancel():
    # docs/rules/salem.md §8 SC9, R11
    m = stage(4, hands={0: ["c54", "c55"]})
    m.apply(0, play("c54", 1))
    m.apply(0, play("c55", 1))
    s = m.state
    assert {"c54", "c55"} <= set(s["discard"]) and s["fronts"][1] == []
    assert m.view(0)["link"] is None


def test_sc10_two_left_purges_blue_cards_scapegoat_and_robbery():
    # docs/rules/salem.md §8 SC10, §3.9, R15
    m = stage(
        5,
        rows={1: "W N N N N", 2: "N"},
        dead=[3, 4],
        fronts={1: [ASYLUM], 2: ACCS[:6]},
        hands={0: ["c46", "c9"]},
        discard=["c47"],
    )
    m.apply(0, play("c9", 2))
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    s = m.state
    assert not s["alive"][2] and not m.over
    for card in (ASYLUM, "c46", "c47"):
        assert card in s["removed"]
        assert card not in s["discard"] and card not in s["pile"] and card not in s["hands"][0]
    assert s["fronts"][1] == []


def test_sc11_witches_win_when_every_living_seat_is_a_witch():
    # docs/rules/salem.md §8 SC11, §3.8, R16
    m = stage(4, rows={0: "W N N N N", 2: "N"}, witches=[1], dead=[3], fronts={2: ACCS[:6]}, hands={0: ["c9"]})
    m.apply(0, play("c9", 2))
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    assert m.over and m.state["team"] == "witches"
    assert m.result() == {"scores": [1, 1, 0, 0], "winners": [0, 1]}


def test_sc12a_ghost_peek_shows_the_card_to_the_peeker_alone():
    # docs/rules/salem.md §8 SC12 (a), §3.1 (ghost peek), §4 ghost peek
    m = stage(2, rows={1: "N N W N N", 2: "N N C N N"}, pile=["c10", "c11", "c12", "c58"])
    assert m.state["ghosts"] == [1, 3]
    before = sorted(m.state["rows"][1])
    witch_card = m.state["rows"][1][2]
    m.apply(0, {"type": "ghost_peek", "ghost": 1, "index": 2})
    s = m.state
    mine = [e for e in m.log(0) if e["type"] == "ghost_peek"]
    assert mine == [{"type": "ghost_peek", "seat": 0, "ghost": 1, "index": 2, "card": witch_card, "kind": WITCH}]
    theirs = [e for e in m.log(2) if e["type"] == "ghost_peek"]
    assert theirs == [{"type": "ghost_peek", "seat": 0, "ghost": 1, "index": 2}]
    assert witch_card not in str(m.view(2)) and witch_card not in str(m.log(2))
    assert sorted(s["rows"][1]) == before
    assert s["discard"] == ["c10", "c11"]
    assert s["active"] == 2


def test_sc12b_a_human_picks_for_the_ghost_on_its_passers_left():
    # docs/rules/salem.md §8 SC12 (b), §3.5 step 2, R25
    m = stage(2, rows={1: "N N W N N", 2: "N N C N N"}, pile=["c57", "c12", "c58"])
    m.apply(0, {"type": "draw_two"})
    assert window_name(m) == "conspiracy" and m.to_act() == [0, 2]
    m.apply(0, {"type": "conspiracy_pick", "index": 0})
    assert m.to_act() == [0, 2]  # s0 still owes the ghost's pick
    m.apply(0, {"type": "conspiracy_pick", "taker": 1, "index": 2})
    m.apply(2, {"type": "conspiracy_pick", "index": 4})
    m.apply(2, {"type": "conspiracy_pick", "taker": 3, "index": 1})
    s = m.state
    assert CONSTABLE in kinds(m, s["rows"][1])
    assert s["hands"][0] == ["c12"]


def test_sc13_variant_night_the_lead_witch_flips():
    # docs/rules/salem.md §8 SC13, §3.11
    def night():
        m = stage(3, rows={1: "N W N N N", 3: "N N C N N"}, fronts={2: [ASYLUM]}, pile=["c58"])
        m.apply(0, {"type": "draw_two"})
        assert [e for e in m.log(2) if e["type"] == "witches_revealed"] == [{"type": "witches_revealed", "seats": [1]}]
        assert m.to_act() == [1] and m.view(0)["seats"][1]["witch"] is True
        return m

    m = night()
    assert refused(m, 1, {"type": "night_flip", "player": 2, "index": 0}).code == "asylum"
    m.apply(1, {"type": "night_flip", "player": 3, "index": 2})
    assert m.over and m.state["team"] == "witches" and m.result()["winners"] == [1]
    m = night()
    m.apply(1, {"type": "night_flip", "player": 0, "index": 0})
    assert len(m.state["rows"][0]) == 4
    assert m.over and m.state["team"] == "townspeople" and m.result()["winners"] == [0, 2]


def test_sc14_variant_night_with_only_a_ghost_witch_everyone_loses():
    # docs/rules/salem.md §8 SC14, §3.11 step 2, R26
    m = stage(2, rows={1: "N N W N N"}, pile=["c58"])
    m.apply(0, {"type": "draw_two"})
    assert m.over and m.result()["winners"] == []


def test_sc15_variant_matchmaker_clash_the_killer_orders_the_deaths():
    # docs/rules/salem.md §8 SC15, §3.8 (ghosts), R29
    m = stage(2, rows={1: "N", 2: "W N N N N"}, fronts={1: ACCS[:3] + ["c54"], 2: ["c55"]}, hands={0: ["c11"]})
    m.apply(0, play("c11", 1))
    m.apply(0, {"type": "choose_tryal", "player": 1, "index": 0})
    assert m.to_act() == [0]
    assert m.legal(0) == [{"type": "death_order", "first": 1}, {"type": "death_order", "first": 2}]
    m.apply(0, {"type": "death_order", "first": 2})
    assert m.over and m.state["team"] == "townspeople" and m.result()["winners"] == [0]
