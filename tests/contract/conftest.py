"""Every test of the contract suite that takes ``game_id`` runs once per registered game
and once for the test-only Coins game, which is in the registry only during its runs.

``KNOWN_BREAKS``: (test, game) pairs that fail on main today because of a break being
fixed right now, each with the break named; they run as ``xfail(strict=False)`` so the
suite shows them without stopping anyone. Delete an entry once its fix is on main.
"""

from __future__ import annotations

import pytest

from tests.contract.kit import contract_games
from tests.fixtures import coin_game

KNOWN_BREAKS: dict[tuple[str, str], str] = {}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game_id" not in metafunc.fixturenames:
        return
    params = []
    for game in contract_games():
        reason = KNOWN_BREAKS.get((metafunc.function.__name__, game))
        marks = [pytest.mark.xfail(strict=False, reason=reason)] if reason else []
        params.append(pytest.param(game, marks=marks, id=game))
    metafunc.parametrize("game_id", params, indirect=True)


@pytest.fixture
def game_id(request: pytest.FixtureRequest):
    if request.param == coin_game.GAME_ID:
        with coin_game.registered():
            yield request.param
    else:
        yield request.param
