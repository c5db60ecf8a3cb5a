"""Where the story game tells an envy, an envied person is named beside the thing."""

from __future__ import annotations

from game.ui.scenes.malleus.common import Names, describe


def test_an_envied_person_is_named_where_an_envy_is_told():
    """An envy of a person (§1.5) names the person: Sharp Intuition's answer said only
    "Étienne the mayor's good friend" (the person was dropped there and on the Prévôt's
    screen)."""
    view = {"villagers": [{"id": "v1", "name": "Étienne the mayor"}, {"id": "v2", "name": "Marthe"}]}
    names = Names(view, ["Ann", "Bob", "Cy"])
    event = {
        "type": "learned",
        "kind": "sharp_intuition",
        "player_seen": 2,
        "envy": {"holder": "v1", "thing": "good friend", "thing_villager": "v2"},
        "vendetta": {"target": "v2"},
    }
    assert "Étienne the mayor's good friend (Marthe)" in describe(event, names)


def test_lists_of_people_in_the_log_read_as_sentences():
    """ "Bob, Cy, Dora play." read like a list of fields; lists of people end in "and"."""
    view = {"villagers": [{"id": f"v{i}", "name": name} for i, name in enumerate(["Marthe", "Jean", "Luc"])]}
    names = Names(view, ["Ann", "Bob", "Cy", "Dora"])
    setup = {"type": "setup", "prevot": "Ann", "players": ["Bob", "Cy", "Dora"]}
    assert describe(setup, names) == "A new story: Ann is the Prévôt; Bob, Cy and Dora play."
    scene = {"type": "scene", "location": "The tavern", "present": ["v0", "v1", "v2"]}
    assert describe(scene, names) == "Scene at the tavern: Marthe, Jean and Luc."
    moved = {"type": "present", "add": ["v0", "v1"], "remove": ["v2"]}
    assert describe(moved, names) == "The Prévôt moves villagers: in come Marthe and Jean; out go Luc."
    over = {"type": "game_over", "winners": [1, 3]}
    assert describe(over, names).endswith("Victory: Bob and Dora.")


def test_a_fact_is_logged_in_quotes_as_written():
    """A typed fact may end without a stop: "Fact about the general ledger: The rye is
    black with blight" read as a sentence cut short."""
    view = {"villagers": [{"id": "v1", "name": "Marthe"}]}
    names = Names(view, ["Ann", "Bob"])
    general = {"type": "fact", "subject": None, "text": "The rye is black with blight"}
    assert describe(general, names) == "New in the general ledger: \u201cThe rye is black with blight\u201d"
    hers = {"type": "fact", "subject": "v1", "text": "She sings at night."}
    assert describe(hers, names) == "New fact about Marthe: \u201cShe sings at night.\u201d"
    struck = {"type": "fact", "subject": "v1", "text": "She sings at night.", "change": "removed"}
    assert describe(struck, names) == "Struck from Marthe: \u201cShe sings at night.\u201d"
