"""How Testimony's bots are measured (benchmarks/bots.py): the ceiling model's worlds hold
the real hidden parts of a Testimony match (docs/rules/testimony.md §6.2: the Characters
and the sides of tokens a seat has not seen), while the honest worlds of the same seat,
the control, redraw them; a lift row cut short and resumed (``--resume``) holds the same
pairs as one played whole, and so does one that takes its base games from a saved run
(``--base-from``) while playing only the hero's games; ``--compare`` gives the same-pairs
difference of two runs."""

from __future__ import annotations

import json
import random
from pathlib import Path

from game.bots import RandomBot, SeatModel
from game.bots.worlds import Worlds
from game.engine import new_match
from tests.bots.kit import bots_benchmark


def bench():
    return bots_benchmark()


def played(seed: int, n: int, commands: int):
    m = new_match("testimony", [f"P{i}" for i in range(n)], seed=seed, options={"bots": list(range(n))})
    bots = {p: RandomBot(seed * 7 + p) for p in range(n)}
    for _ in range(commands):
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    return m


def hidden(m) -> tuple:
    st = m.state
    return tuple(st["characters"]), st["set_aside"], tuple(t["side"] for t in st["tokens"])


def test_the_ceiling_worlds_hold_the_real_characters_and_token_sides_and_honest_ones_do_not():
    m = played(11, 7, 40)
    seat = m.to_act()[0]
    assert m.state["stage"] not in ("between", "over") and len(m.state["tokens"]) >= 5
    worlds = Worlds(bench().OmniscientModel(m, seat), random.Random(1))
    for i in range(5):
        world = worlds.sample(random.Random(i))
        assert hidden(world) == hidden(m)
        assert world.view(seat) == m.view(seat)
    honest = Worlds(SeatModel(m, seat), random.Random(1))
    assert any(hidden(honest.sample(random.Random(i))) != hidden(m) for i in range(5))  # the control


def test_a_row_cut_short_and_resumed_holds_the_pairs_of_a_row_played_whole(tmp_path):
    b = bench()
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    b.run_pairs(None, "testimony", 3, "easy", "random", "random", 3, False, str(whole))
    b.run_pairs(None, "testimony", 3, "easy", "random", "random", 2, False, str(cut))
    row = b.run_pairs(None, "testimony", 3, "easy", "random", "random", 3, False, str(cut), resume=True)
    assert len(row["results"]) == 3
    assert [json.loads(line)["index"] for line in cut.read_text().splitlines()] == [0, 1, 2]  # one more played

    def games(path: Path) -> dict:  # what was played (the times differ from run to run)
        rows = b.saved_pairs(str(path))
        return {
            key: {i: (r["role"], r["a"]["win"], r["b"]["win"], r["a"]["decisions"]) for i, r in pairs.items()}
            for key, pairs in rows.items()
        }

    assert games(cut) == games(whole)


def test_a_row_taking_its_base_games_from_a_saved_run_plays_only_the_heroes_and_holds_the_same_pairs(
    tmp_path, monkeypatch
):
    b = bench()
    whole, screen = tmp_path / "whole.jsonl", tmp_path / "screen.jsonl"
    b.run_pairs(None, "testimony", 3, "easy", "random", "random", 3, False, str(whole))
    heroes = []
    real_play = b.play

    def counted(game, n, index, hero_kind, others, time_limit):
        heroes.append(hero_kind)
        return real_play(game, n, index, hero_kind, others, time_limit)

    monkeypatch.setattr(b, "play", counted)
    # a saved run of another level holds the same base games (the random hero's)
    b.run_pairs(None, "testimony", 3, "easy", "random", "random", 3, False, str(screen), base_from=str(whole))
    assert heroes == ["easy", "easy", "easy"]  # no random hero's game played again

    def games(path: Path) -> dict:
        rows = b.saved_pairs(str(path))
        return {
            i: (r["role"], r["a"]["win"], r["b"]["win"], r["diff"]) for pairs in rows.values() for i, r in pairs.items()
        }

    assert games(screen) == games(whole)
    heroes.clear()
    b.run_pairs(None, "testimony", 3, "easy", "random", "random", 4, False, str(screen), True, base_from=str(whole))
    assert heroes == ["easy", "random"]  # pair 3 is not in the file: both of its games are played


def test_compare_gives_the_same_pairs_difference_of_the_heroes_wins(tmp_path):
    b = bench()

    def save(path: Path, wins: list[float]) -> None:
        with path.open("w") as out:
            for i, win in enumerate(wins):
                result = {"a": {"win": win}, "b": {"win": 0.0}, "diff": win, "role": "puritan"}
                rec = {"game": "testimony", "n": 7, "level": "normal", "base": "random", "others": "random"}
                out.write(json.dumps({**rec, "index": i, "result": result}) + "\n")

    save(tmp_path / "before.jsonl", [0.0, 1.0, 0.0, 0.0])
    save(tmp_path / "after.jsonl", [1.0, 1.0, 1.0])  # one pair fewer: only common pairs count
    lines = b.compare_lines(str(tmp_path / "before.jsonl"), str(tmp_path / "after.jsonl"))
    row = next(line for line in lines if " all " in line)
    assert row.split()[5] == "3"  # pairs in common
    assert "+66.7" in row.split("±")[-2]  # after - before: (1 + 0 + 1) / 3
