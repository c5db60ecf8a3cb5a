"""The contract suite: DESIGN D2 checked the same way for every registered game.

Every test taking ``game_id`` runs once per game in the registry (game.engine.GAMES_INFO)
and once for the test-only Coins game (tests/fixtures/coin_game.py):

* test_facts.py         the game states its facts (GameInfo) and where its secrets live
* test_fuzz.py          commands of every shape and from every wrong seat: refused cleanly
* test_legal.py         legal() lists exactly what apply() accepts
* test_determinize.py   twins give identical copies; a copy shows the seat its view and log
* test_serialisation.py JSON round trip; seed + commands replay to the same bytes
* test_logs.py          every seat's and the spectator's log only grows
* test_redaction.py     no view or event shows a seat a secret it may not know
* test_sixth_game.py    a game registered by a test alone plays in ``witchhunt sim``

A new game joins by registering its GameInfo (game/engine/registry.py) and saying where
its secrets live (hooks.py SECRETS); hooks.py lists the optional hooks. The games played
are recorded once per process (kit.py ``recorded``).
"""
