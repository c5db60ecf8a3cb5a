"""Words of the story game shared by the rules, the bots and the table: how free text is
cleaned (docs/rules/malleus.md §7.2), how the table says what it is waiting for, and the
neutral texts a bot (or a demo) writes into free-text fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.errors import IllegalCommand

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch

MAX_TEXT = 200
MAX_VILLAGER_NAME = 40

#: what a bot writes into a free-text field (any non-empty text is legal): fixed and
#: neutral, so a bot never tells a story
NEUTRAL_TEXT = "No Secret Action"
NEUTRAL_FACT = "Keeps to the usual ways."
NEUTRAL_TEXTS = {
    "set_trigger": "The harvest failed.",
    "add_villager": NEUTRAL_FACT,
    "add_fact_relation": NEUTRAL_FACT,
    "record_fact": NEUTRAL_FACT,
    "submit_ledger": "Nothing worth telling.",
    "frame_scene": "The square",
    "declare_conflict": NEUTRAL_FACT,
    "narrate": "So it went.",
    "start_npc_conflict": NEUTRAL_FACT,
}
#: the facts a bot gives the villagers it adds (three different ones each) and writes
#: into the ledgers: everyday and neutral, no grudge, sin or secret in them, so a bot
#: still tells no story; a villager with "Keeps to the usual ways." three times over
#: read like a broken table
EVERYDAY_FACTS = (
    "Keeps three hens and a goat.",
    "Works the fields by the river.",
    "Was born in Charmes and has never left.",
    "Spins wool through the winter.",
    "Has four children, all living.",
    "Sings loudly at Mass.",
    "Mends nets for the fishermen.",
    "Brews a thin, sour beer.",
    "Walks to market every Thursday.",
    "Was widowed two winters ago.",
    "Keeps bees behind the house.",
    "Cuts wood for the château.",
    "Learned a little Latin from the priest.",
    "Rises before the bells.",
    "Grows cabbages and leeks.",
    "Carries water for the bakehouse.",
    "Has a lame leg from a fall.",
    "Plays the pipe at weddings.",
    "Herds the common cows in summer.",
    "Thatches roofs in the spring.",
    "Came from Épinal as a child.",
    "Never misses a saint's day.",
    "Trades eggs for salt.",
    "Sleeps by the hearth with the dog.",
)

#: the same for the general ledger (a fact about Charmes itself, no villager's)
VILLAGE_FACTS = (
    "The church bell is cracked.",
    "The road to Épinal floods in March.",
    "The mill grinds on Tuesdays and Fridays.",
    "The well was dug deeper last spring.",
    "Market day is Thursday.",
    "The bridge needs new planks.",
    "The common pasture is shared by six households.",
    "The tavern closes at the curfew bell.",
)

#: what a bot writes into its ledger (§2.7), field by field, as plain as the facts: one
#: text for all three read "envy: Raoul the reeve's Nothing worth telling." on the
#: Prévôt's screen
LEDGER_SECRETS = (
    "Cannot read, and hides it.",
    "Owes the tavern for a winter of beer.",
    "Slept through the Easter Mass.",
    "Keeps a few coins under the hearthstone.",
    "Is afraid of the woods after dark.",
    "Once sold a sick ewe as a sound one.",
)
ENVIED_THINGS = ("best field", "new roof", "milk cow", "silver cup", "orchard", "good boots", "grey mare")
#: the envied thing when it is a person (§1.5: the person is named beside it)
ENVIED_PERSON = "good friend"
VENDETTA_REASONS = (
    "An old quarrel over a boundary stone.",
    "Laughed at them at a wedding.",
    "Sold them a lame horse.",
    "Never paid back a loan of seed.",
    "Spoke against them at the manor court.",
)


def everyday_fact(n: int, village: bool = False) -> str:
    """The ``n``-th of :data:`EVERYDAY_FACTS` (of :data:`VILLAGE_FACTS` for the general
    ledger), round and round: three in a row differ."""
    facts = VILLAGE_FACTS if village else EVERYDAY_FACTS
    return facts[n % len(facts)]


NEUTRAL_NAMES = (
    "Anne",
    "Jean",
    "Claude",
    "Marguerite",
    "Nicolas",
    "Barbe",
    "Didier",
    "Catherine",
    "Mengin",
    "Jeanne",
    "Colas",
    "Mansuy",
    "Idatte",
    "Demange",
    "Françoise",
    "Thiriet",
    "Chrétienne",
    "Bastien",
    "Alison",
    "Gérard",
)


def clean_text(value: Any, what: str, limit: int = MAX_TEXT, cut: int | None = None) -> str:
    """Printable, single-spaced, trimmed, 1–``limit`` characters (cut to ``cut``)."""
    if not isinstance(value, str):
        raise IllegalCommand("bad_text", f"{what} must be text.")
    if len(value) > 8 * limit:
        raise IllegalCommand("text_too_long", f"{what} is too long: at most {limit} characters.")
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in value).split())
    if not text:
        raise IllegalCommand("empty_text", f"{what} cannot be empty.")
    if len(text) > limit:
        raise IllegalCommand("text_too_long", f"{what} is {len(text)} characters long: at most {limit}.")
    if cut is not None and len(text) > cut:
        text = text[:cut].rstrip()
    return text


def phase_words(m: MalleusMatch) -> str:
    st = m.state
    phase, step = st["phase"], st["step"]
    words = {
        "trigger": "the Prévôt is recording the trigger event",
        "first_villager": "the Prévôt is adding the first villager",
        "building": f"the village is being built ({m.players[st['build']['seat']]}'s turn)",
        "choosing": "players are choosing their villagers",
        "ledgers": "players are writing their private ledgers",
        "companions": "players are choosing secret companions",
        "over": "the game is over",
    }
    if phase != "round":
        ret: str = words.get(phase, phase)
        return ret
    steps = {
        "declare": "a conflict is being declared",
        "confirm": "the Prévôt is judging a claimed secret",
        "frame": "the scene is being framed",
        "scene": "the scene is being played",
        "secret_step": "secret actions are being collected",
        "roll": "the actor is about to roll",
        "sides": "sides may still be taken until the Prévôt locks them",
        "oppose": "the opposition is about to roll",
        "aftermath": "the aftermath window is open",
        "outcome": "the outcome is being narrated",
        "discard": "the turn is ending (discards)",
        "secret_phase": "the secret action phase is collecting",
        "phase_resolve": "the Prévôt is resolving the secret action phase",
    }
    return steps.get(step, step or "")


# ------------------------------------------------------------ ledger wording --
#: words that already say whose a thing is ("her healing gift") or that an owner's name
#: replaces ("the cottage" -> "Thérèse's cottage")
_DETERMINERS = ("her", "his", "their", "its", "my", "your", "our", "the", "a", "an")


def possessive(name: str) -> str:
    """``name``'s, written the way English writes it: "Thérèse's", "Jacques'"."""
    name = name.strip()
    return f"{name}'" if name.endswith(("s", "S")) and not name.endswith(("'s", "’s")) else f"{name}'s"


def owned_thing(owner: str, thing: str) -> str:
    """``thing`` said as ``owner``'s, without doubling what the text already says:
    "her healing gift" of Thérèse the herbwife -> "Thérèse the herbwife's healing gift";
    "the mill" -> "Jacques' mill"; "the priest's field" and "Hélène's shawl" stay as
    written (they already say whose it is)."""
    thing = " ".join(thing.split())
    if not thing:
        return possessive(owner)
    if "'s " in f"{thing} " or "’s " in f"{thing} " or thing.lower().startswith(owner.strip().lower()):
        return thing
    first, _, rest = thing.partition(" ")
    if first.lower() in _DETERMINERS and rest:
        thing = rest
    return f"{possessive(owner)} {thing}"


def envy_words(holder: str, thing: str, person: str | None = None) -> str:
    """What an envy covets, in words (§1.5): ``holder``'s ``thing``, and the envied
    person's name when the thing is a person not named in it."""
    text = owned_thing(holder, thing)
    if person and person.strip().lower() not in text.lower():
        text = f"{text} ({person.strip()})"
    return text
