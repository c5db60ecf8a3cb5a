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
