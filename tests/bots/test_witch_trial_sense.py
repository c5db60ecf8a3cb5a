"""Witch Trial's sense checks (``WitchTrialPolicy.senseless``): plays a lawyer of
docs/rules/witch_trial.md would call senseless — a card that cannot move the Jury Value
(§1.6: it never leaves 1..12) or a second Expert Testimony or Leading Question before the
first was used (R9), a Charge or Change of Venue that moves the Jury against one's own
side (§4.11, §1.4), and the pass that ends the game (§5.1) while behind."""

from __future__ import annotations

from game.bots import policy_for
from game.rules.witch_trial import catalog
from tests.rules.witch_trial_kit import fresh, give, start_trial


def senseless(m, seat, command):
    return policy_for(m).senseless(m, seat, command)


def trial(jury: int):
    """Seat 0 prosecutes Lewis (guilt 4) on the Post charge (severity 4 against him, a middle
    one), seat 1 defends; the Jury at ``jury``."""
    m = fresh(3, seed=2)
    t = start_trial(m, "lewis", "post", prosecutor=0, defender=1)
    t["jury_value"] = jury
    return m, t


def play(card):
    return {"type": "play", "card": card}


def test_evidence_a_witness_or_a_bribed_judge_at_the_end_of_the_jury_track_has_no_effect():
    """§1.6: a move past either end of 1..12 stops there."""
    m, _ = trial(12)
    ev, witness, bribe = give(m, 0, "no_shadow", "grimsby", "bribe_judge")
    (dev,) = give(m, 1, "churchgoer")
    for card in (ev, witness, bribe):
        assert senseless(m, 0, play(card)) == ["no_effect"], card
    assert senseless(m, 1, play(dev)) == []  # the defense moves it down
    m.state["trial"]["jury_value"] = 7
    for card in (ev, witness, bribe):
        assert senseless(m, 0, play(card)) == []
    m.state["trial"]["jury_value"] = 1
    assert senseless(m, 1, play(dev)) == ["no_effect"]


def test_a_second_expert_or_leading_question_before_the_first_is_used_has_no_effect():
    """R9: a second copy before the flagged card adds nothing."""
    m, t = trial(7)
    expert, leading = give(m, 0, "expert", "leading")
    assert senseless(m, 0, play(expert)) == [] and senseless(m, 0, play(leading)) == []
    t["expert"]["prosecution"] = True
    t["leading"]["prosecution"] = True
    assert senseless(m, 0, play(expert)) == ["no_effect"]
    assert senseless(m, 0, play(leading)) == ["no_effect"]
    assert senseless(m, 1, play(give(m, 1, "expert")[0])) == []  # the defense's own flag is not set


def test_a_charge_or_change_of_venue_that_moves_the_jury_against_oneself_hurts_ones_side():
    """§4.11: a new Charge moves the Jury by the difference of the modified severities;
    §1.4: Change of Venue sets it back to the suspect's guilt plus the charge in force."""
    m, t = trial(7)
    cat = catalog()
    now = cat.charges["post"].modified("lewis")
    weaker = min((c for c in cat.charges if c != "post"), key=lambda c: cat.charges[c].modified("lewis"))
    stronger = max((c for c in cat.charges if c != "post"), key=lambda c: cat.charges[c].modified("lewis"))
    assert cat.charges[weaker].modified("lewis") < now < cat.charges[stronger].modified("lewis")
    weak_card, strong_card, venue = give(m, 0, weaker, stronger, "venue")
    assert senseless(m, 0, play(weak_card)) == ["hurts_own_side"]
    assert senseless(m, 0, play(strong_card)) == []
    start = cat.suspects["lewis"].guilt + now
    t["jury_value"] = start + 2
    assert senseless(m, 0, play(venue)) == ["hurts_own_side"]
    t["jury_value"] = start
    assert senseless(m, 0, play(venue)) == ["no_effect"]
    t["jury_value"] = start - 2
    assert senseless(m, 0, play(venue)) == []


def test_the_pass_that_ends_the_game_while_behind_concedes_it():
    """§5.1: as many passes in a row as there are lawyers end the game; most money wins."""
    m = fresh(3, seed=2)
    st = m.state
    st["pass_streak"] = 2
    st["money"] = [40, 55, 30]
    assert senseless(m, 0, {"type": "pass"}) == ["concedes_behind"]
    assert senseless(m, 1, {"type": "pass"}) == []
    st["pass_streak"] = 1
    assert senseless(m, 0, {"type": "pass"}) == []  # the game goes on
