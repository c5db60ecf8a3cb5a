"""What a Malleus bot writes: neutral text that still reads like a village. A bot
never tells a story (no grudge, sin or secret in its text), but the villagers it adds
each get three different everyday facts (it gave every one "Keeps to the usual ways."
three times), the facts it adds later differ from villager to villager, and its ledger
says a secret, a thing to envy and a grudge in words that fit each field (one text for
all three read "envy: Raoul the reeve's Nothing worth telling.")."""

from __future__ import annotations

from game.bots.malleus import MalleusBot
from game.engine import new_match
from game.rules.malleus import (
    ENVIED_PERSON,
    ENVIED_THINGS,
    EVERYDAY_FACTS,
    LEDGER_SECRETS,
    NEUTRAL_FACT,
    NEUTRAL_NAMES,
    VENDETTA_REASONS,
    envy_words,
)


def story(seed: int, steps: int = 300, until=None):
    """A story played by bots on every seat, ``steps`` commands at most (or ``until(m)``)."""
    m = new_match("malleus", ["Prévôt", "Ann", "Bob", "Cy"], seed=seed)
    bots = {s: MalleusBot(10 + s) for s in range(4)}
    for _ in range(steps):
        if m.over or (until is not None and until(m)):
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    return m


def bot_moves(seed: int, bot_seed: int, steps: int):
    """Each move of a story played by bots on every seat: (seat, its view, its legal
    commands, the bot's command), the command applied once the caller has looked."""
    m = new_match("malleus", ["Prévôt", "Ann", "Bob", "Cy"], seed=seed)
    bots = {s: MalleusBot(bot_seed + s) for s in range(4)}
    for _ in range(steps):
        if m.over:
            break
        seat = m.to_act()[0]
        view, legal = m.view(seat), m.legal(seat)
        command = bots[seat].choose(view, legal)
        yield seat, view, legal, command
        m.apply(seat, command)


def test_the_villagers_a_bot_adds_have_three_different_everyday_facts():
    m = story(3)
    st = m.state
    facts = st["facts"]
    added = [st["villagers"][vid] for vid in st["vorder"] if st["villagers"][vid]["name"] in NEUTRAL_NAMES]
    assert len(added) >= 8
    texts = set()
    for villager in added:
        first = [facts[f]["text"] for f in villager["facts"][:3]]
        assert len(set(first)) == 3, (villager["name"], first)
        assert all(text in EVERYDAY_FACTS for text in first), first
        texts.update(first)
    assert len(texts) >= 20  # the village does not repeat itself villager after villager
    assert NEUTRAL_FACT not in {facts[f]["text"] for f in st["forder"]}


def test_the_text_is_the_same_for_the_same_seed():
    one, two = story(5, 200), story(5, 200)
    assert [f["text"] for f in one.state["facts"].values()] == [f["text"] for f in two.state["facts"].values()]
    assert one.state == two.state


def test_a_bots_ledger_has_words_that_fit_each_field():
    # as the ledgers are written (an execution later empties a vendetta or an envy it paid)
    m = story(3, 400, until=lambda m: all(led["secret"] for led in m.state["ledgers"] if led))
    st = m.state
    ledgers = [led for led in st["ledgers"] if led]
    assert len(ledgers) == 3
    for led in ledgers:
        assert led["secret"]["text"] in LEDGER_SECRETS
        envy = led["envy"]
        assert envy["thing"] == (ENVIED_PERSON if envy["thing_villager"] else envy["thing"])
        assert envy["thing_villager"] or envy["thing"] in ENVIED_THINGS
        assert led["vendetta"]["reason"] in VENDETTA_REASONS
        holder = st["villagers"][envy["holder"]]["name"]
        assert "Nothing" not in envy_words(holder, envy["thing"])


def test_a_bot_on_a_side_cites_facts_for_its_own_side():
    """Dora's villager accused Odile, and Dora cited a fact for the side against her own
    accusation: a bot on a side (the actor, an accused player, one who took a side) now
    cites for that side only."""
    from game.bots.malleus import sense_from_view

    cited = 0
    for seed in range(4):
        for seat, view, _legal, command in bot_moves(seed, 20, 700):
            side = sense_from_view(view).side
            if command["type"] == "cite_fact" and side is not None:
                assert command["side"] == side, (seed, seat, command)
                cited += 1
    assert cited >= 10


def never_applies_now(view: dict, command: dict) -> bool:
    """A secret action that can never apply in the open conflict (docs/rules/malleus.md):
    an Interloper in a conflict on its own seat's turn or on nobody's (R28), an
    Intimidation of the actor's player (R27)."""
    conflict = view.get("conflict")
    if command["type"] != "secret_action" or not conflict:
        return False
    hand = {c["card"]: c["type"] for c in (view.get("you") or {}).get("hand", [])}
    actor = conflict.get("actor_player")
    for play in command.get("cards") or []:
        if hand.get(play["card"]) == "interloper" and actor in (None, view.get("seat")):
            return True
        if hand.get(play["card"]) == "intimidation" and play.get("player") == actor:
            return True
    return False


def test_a_bot_never_hands_in_a_card_that_could_not_apply():
    """Dora's bot handed in an Interloper in the secret actions of her own conflict; the
    Prévôt's screen read "cannot apply now: Interloper is played on another player's turn"."""
    chances = 0
    for seed in range(12):
        for seat, view, legal, command in bot_moves(seed, 30, 900):
            chances += any(never_applies_now(view, c) for c in legal)
            assert not never_applies_now(view, command), (seed, seat, command)
    assert chances >= 3  # the bots met the choice
