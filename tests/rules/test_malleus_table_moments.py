"""What the table tells at the moments of a conflict: the dice with their meaning, who
cited a fact, whether sides may still be taken, and the ledger's wording
(docs/rules/malleus.md §3.4, §3.6, §7.4, §1.5)."""

from __future__ import annotations

from game.rules.malleus.guide import guide
from game.rules.malleus.words import envy_words, owned_thing, possessive
from tests.rules.malleus_kit import cite_and_approve, declare, frame, quiet_secret_step, roll, village_s


def _last_roll(m) -> dict:
    return [e for e in m.log(None) if e["type"] == "roll"][-1]


# ------------------------------------------------------------------------ the dice --
def test_an_unopposed_roll_carries_its_total_target_and_verdict_if_nothing_changes():
    # §3.6.1, §7.4; the numbers of §8 E1: 4+5+3 + 19 = 31 against 9 + 9 = 18
    m = village_s(turn=1)
    declare(m, 1, "accusation", target="v5")
    frame(m, 1, ["v1", "v5", "v4", "v6", "v7"])
    cite_and_approve(m, "f2", "for")
    cite_and_approve(m, "w3", "for")
    cite_and_approve(m, "f3", "against", by=2)
    quiet_secret_step(m)
    roll(m, 1, 4, 5, 3)
    event = _last_roll(m)
    assert event["dice"] == [4, 5, 3] and event["sum"] == 12 and event["bonus"] == 19
    assert event["total"] == 31
    assert event["opposed_by"] is None and event["target_number"] == 18
    assert event["result_if_unchanged"] == "win" and event["margin_if_unchanged"] == 13
    # the same event, as the view's latest rolls, for a table that joins now
    assert m.view(2)["last_rolls"][-1] == event


def test_an_opposed_roll_says_who_rolls_against_and_what_stops_it():
    # §3.6.3, §7.4; §8 E2: 26 for; Odile rolls against with +16, so 10 or more stops it
    m = village_s(turn=2)
    declare(m, 2, "accusation", target="v6")
    frame(m, 2, ["v2", "v6", "v3", "v7"])
    m.apply(3, {"type": "take_side", "side": "against"})
    cite_and_approve(m, "f4", "for", by=2)
    quiet_secret_step(m)
    roll(m, 2, 6, 5, 4)
    event = _last_roll(m)
    assert event["total"] == 26 and event["opposed_by"] == 3 and event["needs"] == 10
    assert "result_if_unchanged" not in event
    m.apply(0, {"type": "lock_sides"})
    roll(m, 3, 3, 3, 2)
    against = _last_roll(m)
    assert (against["total"], against["target_number"], against["actor_total"]) == (24, 24, 26)
    assert [e for e in m.log(None) if e["type"] == "outcome"][-1]["result"] == "win"


# -------------------------------------------------------------------- citations --
def test_any_seat_may_cite_and_the_citation_names_who_cited():
    # §3.4 "any seat may cite a fact"; the approval and the rejection name the citer
    m = village_s(turn=1)
    declare(m, 1, "accusation", target="v5")
    frame(m, 1, ["v1", "v5", "v4"])
    assert m.to_act() == [0]  # the table waits for the Prévôt ...
    m.apply(2, {"type": "cite_fact", "fact": "f2", "side": "for"})  # ... and Bob cites anyway
    m.apply(3, {"type": "cite_fact", "fact": "f3", "side": "against"})
    m.apply(0, {"type": "approve_fact", "fact": "f2", "side": "for"})
    m.apply(0, {"type": "reject_fact", "fact": "f3", "side": "against"})
    events = {e["type"]: e for e in m.log(None) if e["type"] in ("cite", "approve", "reject")}
    assert events["cite"]["by"] == 3
    assert events["approve"] == {"type": "approve", "conflict": "k1", "fact": "f2", "side": "for", "by": 2}
    assert events["reject"]["by"] == 3
    assert m.view(None)["conflict"]["counted_by"] == {"f2": 2}


# ------------------------------------------------------------- sides after the roll --
def test_sides_may_still_be_taken_after_the_roll_and_the_view_says_by_whom():
    # §3.4: a player present may take a side before or after the actor's roll, until the lock
    m = village_s(turn=1)
    declare(m, 1, "accusation", target="v5")
    frame(m, 1, ["v1", "v5", "v2", "v3"])
    c = m.view(None)["conflict"]
    assert c["sides_open"] and c["side_takers"] == [2, 3]
    m.apply(2, {"type": "take_side", "side": "for"})
    quiet_secret_step(m)
    roll(m, 1, 2, 2, 2)
    c = m.view(3)["conflict"]
    assert c["roll_for"] == [2, 2, 2] and c["sides_open"] and c["side_takers"] == [3]
    m.apply(3, {"type": "take_side", "side": "against"})
    assert [e for e in m.log(None) if e["type"] == "side"][-1]["after_roll"] is True
    m.apply(0, {"type": "lock_sides"})
    c = m.view(None)["conflict"]
    assert not c["sides_open"] and c["side_takers"] == []


# ------------------------------------------------------------------- the ledger --
def test_an_envy_reads_as_plain_english_whoever_owns_it():
    # §1.5: the envied thing belongs to the holder; say so once, without "X's her gift"
    assert envy_words("Therese the herbwife", "her healing gift") == "Therese the herbwife's healing gift"
    assert envy_words("Jacques the miller", "the mill") == "Jacques the miller's mill"
    assert envy_words("Father Rémy", "the priest's glebe field") == "the priest's glebe field"
    assert envy_words("Hélène", "Hélène's embroidered shawl") == "Hélène's embroidered shawl"
    assert envy_words("Luc", "a fine grey horse") == "Luc's fine grey horse"
    assert envy_words("Father Rémy", "his housekeeper", "Hélène") == "Father Rémy's housekeeper (Hélène)"
    assert envy_words("Gaspard", "his young wife", "Hélène") == "Gaspard's young wife (Hélène)"
    assert possessive("Jacques") == "Jacques'" and possessive("Marie") == "Marie's"
    assert owned_thing("Odile", "cottage") == "Odile's cottage"


# -------------------------------------------------------------------- the guide --
def test_the_guide_tells_the_prevot_what_to_do_with_the_secret_actions():
    # §3.5: the step, whom the table waits for, what the Prévôt decides and the rule
    m = village_s(turn=1)
    declare(m, 1, "accusation", target="v5")
    frame(m, 1, ["v1", "v5"])
    m.apply(0, {"type": "begin_resolution"})
    g = guide(m.view(2), 2)
    assert g["step"] == "Secret actions" and g["waiting_for"] == [1, 2, 3]
    assert g["yours"].startswith("Your secret action") and g["main"] == "secret_action" and g["rule"] == "§3.5"
    for seat in (1, 2, 3):
        m.apply(seat, {"type": "secret_action", "text": "I slip a dead toad into the well."})
    g = guide(m.view(0), 0)
    assert g["waiting"] == "The table waits for the Prévôt." and g["main"] == "close_secret_actions"
    assert "queued card" in g["yours"] and g["rule_words"]
    assert guide(m.view(1), 1)["yours"] is None and guide(m.view(None), None)["yours"] is None


def test_the_guide_says_sides_may_still_be_taken_after_the_roll():
    # §3.4: the rules let a player take a side before or after the actor's roll
    m = village_s(turn=1)
    declare(m, 1, "accusation", target="v5")
    frame(m, 1, ["v1", "v5", "v2"])
    quiet_secret_step(m)
    roll(m, 1, 3, 3, 3)
    assert "after the roll" in guide(m.view(2), 2)["may"]
    assert guide(m.view(0), 0)["main"] == "lock_sides"


def test_every_step_of_a_story_has_a_guide_for_whoever_is_awaited():
    # every step a random story passes through is explained, with something to do for each awaited seat
    from game.bots.malleus import MalleusBot
    from game.engine import new_match
    from tests.rules.malleus_kit import NAMES

    m = new_match("malleus", NAMES[:4], seed=6)
    bots = {s: MalleusBot(s) for s in range(4)}
    steps = set()
    while not m.over and m.state_id < 400:
        for seat in m.to_act():
            g = guide(m.view(seat), seat)
            assert g["happening"] and g["rule"] and g["yours"], (m.view(seat)["phase"], m.view(seat)["step"], seat)
            steps.add(g["step"])
        seat = min(m.to_act())
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    assert len(steps) >= 12
