"""The end of a game of Testimony: Standings, who is killed, each Character's score with
its reasons, the reveal, and the match moving on (docs/rules/testimony.md §5)."""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any

from game.rules.testimony.cards import HEATHEN, PURITAN
from game.rules.testimony.knowledge import characters_shown_to, token_face

if TYPE_CHECKING:
    from game.rules.testimony.match import TestimonyMatch


def standings(m: TestimonyMatch) -> list[int]:
    """§5.2: the Standing of each seat in the current game, every token's side value
    times its placer's weight (the Magistrate's count double, R4)."""
    st = m.state
    weight = [m.cat.characters[c].token_weight for c in st["characters"]]
    standing = [0] * m.n
    for t in st["tokens"]:
        standing[t["target"]] += m.cat.side_value(t["side"]) * weight[t["placer"]]
    return standing


def score(m: TestimonyMatch, killed: list[bool]) -> tuple[list[int], list[list[dict[str, Any]]]]:
    """§5.3: −1 if killed, plus each Character's scoring (§1.1), with the reasons:
    per seat, ``[{"points", "why"}]``."""
    st = m.state
    cat = m.cat
    chars = st["characters"]
    beliefs = [cat.belief(c) for c in chars]
    dead_heathens = [s for s in range(m.n) if killed[s] and beliefs[s] == HEATHEN]
    dead_puritans = [s for s in range(m.n) if killed[s] and beliefs[s] == PURITAN]
    scores, reasons = [], []
    for seat, char_id in enumerate(chars):
        character = cat.characters[char_id]
        lines: list[dict[str, Any]] = []
        if killed[seat]:
            lines.append({"points": cat.supply.death, "why": "killed"})
        for key, points in character.scoring.items():
            count, why = condition(m, key, seat, dead_heathens, dead_puritans)
            if count:
                lines.append({"points": points * count, "why": why})
        scores.append(sum(line["points"] for line in lines))
        reasons.append(lines)
    return scores, reasons


def condition(
    m: TestimonyMatch, key: str, seat: int, dead_heathens: list[int], dead_puritans: list[int]
) -> tuple[int, str]:
    """How many times scoring ``key`` applies to ``seat`` and the reason in words
    (the keys: ``cards/testimony.yaml``; "dies" means a killed player, R5)."""
    names = m.players

    def listed(seats: list[int]) -> str:
        return ", ".join(names[s] for s in seats)

    if key == "survive":
        return (0, "") if seat in dead_heathens or seat in dead_puritans else (1, "survived")
    if key == "any_heathen_dies":
        return (1, f"a Heathen was killed ({listed(dead_heathens)})") if dead_heathens else (0, "")
    if key == "per_heathen_death":
        return len(dead_heathens), f"Heathens killed: {listed(dead_heathens)}"
    if key == "per_puritan_death":
        return len(dead_puritans), f"Puritans killed: {listed(dead_puritans)}"
    if key == "per_other_puritan_death":
        others = [s for s in dead_puritans if s != seat]
        return len(others), f"other Puritans killed: {listed(others)}"
    if key == "no_puritan_dies":
        return (0, "") if dead_puritans else (1, "no Puritan was killed")
    if key == "no_heathen_dies":
        return (0, "") if dead_heathens else (1, "no Heathen was killed")
    if key == "per_shown_dead_heathen":  # R6
        seen = characters_shown_to(m, seat)
        proven = [s for s in dead_heathens if s in seen]
        return len(proven), f"killed Heathens whose Character you saw: {listed(proven)}"
    raise AssertionError(key)


def end_game(m: TestimonyMatch, empty_seat: int) -> None:
    """``empty_seat``'s turn would start with no tokens: the game ends (§5.1). Score
    it, add it to the totals and the history, reveal it, then either end the match
    (§5.4) or wait for the next game's first player (§4, R7)."""
    st = m.state
    st["invite"] = None
    st["share"] = None
    standing = standings(m)
    killed = [s < 0 for s in standing]
    scores, reasons = score(m, killed)
    st["totals"] = [a + b for a, b in zip(st["totals"], scores)]
    result = {"standing": standing, "killed": killed, "scores": scores, "reasons": reasons}
    st["result"] = result
    m.emit({"type": "game_end", "game_no": st["game_no"], "seat": empty_seat})
    record = {
        "game_no": st["game_no"],
        "first_player": st["first"],
        "characters": list(st["characters"]),
        "set_aside": st["set_aside"],
        "tokens": [token_face(t, True) | {"target": t["target"], "turn": t["turn"]} for t in st["tokens"]],
        "discarded": [dict(d) for d in st["discarded"]],
        **marshal.loads(marshal.dumps(result)),
        "totals": list(st["totals"]),
    }
    st["history"].append(record)
    m.emit({"type": "reveal", **marshal.loads(marshal.dumps(record))})
    if st["game_no"] >= st["games"]:
        st["stage"] = "over"
        winners = m._winners(st["totals"])
        m.emit({"type": "match_over", "totals": list(st["totals"]), "winners": winners})
        return
    low = min(scores)
    tied = [s for s in range(m.n) if scores[s] == low]
    st["next_first"] = tied[0] if len(tied) == 1 else m.rng.choice(tied)
    st["stage"] = "between"
    m.emit({"type": "first_player", "seat": st["next_first"], "tied": tied, "game_no": st["game_no"] + 1})
