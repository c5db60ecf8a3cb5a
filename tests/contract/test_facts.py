"""Every game states its facts in the registry and tells the contract suite where its
secrets live (DESIGN D2, last bullet): a game that forgets either fails here, by name."""

from __future__ import annotations

from game.engine import GAMES, GAMES_INFO, new_match
from tests.contract import hooks
from tests.contract.kit import NAMES


def test_the_game_states_its_facts_in_the_registry(game_id):
    assert game_id in GAMES_INFO, (
        f"{game_id} is registered without a GameInfo: end its rules module with "
        f"register_info(GameInfo(match=..., ...)) (game/engine/registry.py)"
    )
    info = GAMES_INFO[game_id]
    assert GAMES[game_id] is info.match and info.title and info.player_counts
    for players in info.player_counts:  # every count it claims sets up
        m = new_match(game_id, NAMES[:players], seed=1)
        assert m.n >= players and not m.over and m.to_act()


def test_the_game_says_where_its_secrets_live(game_id):
    assert game_id in hooks.SECRETS, (
        f"{game_id} has no redaction hook: add SECRETS[{game_id!r}] to tests/contract/hooks.py "
        f"(where its secrets live and who may know them)"
    )
