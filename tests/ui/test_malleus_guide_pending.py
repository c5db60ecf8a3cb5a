"""The Prévôt's guide after the roll names the cited facts still waiting for his Count or
Reject: a first-time Prévôt locked the sides over one, and it quietly counted for nothing
(bonuses freeze at the last roll, docs/rules/malleus.md M1)."""

from __future__ import annotations

from game.bots.malleus import MalleusBot
from game.engine import new_match
from game.ui.scenes.malleus.common import Names
from game.ui.scenes.malleus.guide import guide_for


def at_the_sides_step():
    for seed in range(12):
        m = new_match("malleus", ["Prévôt", "Ann", "Bob", "Cy"], seed=seed, options={"village": "ready"})
        bots = {s: MalleusBot(40 + s) for s in range(4)}
        for _ in range(400):
            if m.over:
                break
            if m.state["phase"] == "round" and m.state["step"] == "sides":
                return m
            seat = m.to_act()[0]
            m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    raise AssertionError("no story reached the sides after the roll")


def test_the_prevot_is_told_of_cited_facts_still_waiting():
    m = at_the_sides_step()
    for citation in list(m.state["conflict"]["citations"]):  # none pending: the guide is as before
        m.apply(0, {"type": "reject_fact", "fact": citation["fact"], "side": citation["side"]})
    view = m.view(0)
    quiet = guide_for(view, 0, Names(view, m.players)).now
    assert "cited" not in quiet and "Lock the sides" in quiet
    seat, cite = next((s, c) for s in range(1, 4) for c in m.legal(s) if c["type"] == "cite_fact")
    m.apply(seat, cite)
    view = m.view(0)
    told = guide_for(view, 0, Names(view, m.players)).now
    assert told.startswith("1 cited fact waits for your Count or Reject") and "Lock the sides" in told
