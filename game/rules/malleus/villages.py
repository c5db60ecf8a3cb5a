"""The ready villages: ``cards/malleus_villages.yaml`` (docs/rules/malleus.md §2.10, M16,
M17).

A table that chooses ``village: "ready"`` starts from one of these prepared villages
instead of building its own: the match's generator picks one (after the deck's shuffle),
:func:`settle_village` writes it into the state through the same events as building
(``trigger``, ``villager``, ``fact``, ``relationship``, ``building_over``), and the
players go on to choose their villagers (from seat 1, M17), write their ledgers and name
their companions.

Each village is checked when the file is loaded (:func:`load_villages`): twelve villagers
with distinct names of at most 40 characters, each at one of the map's places
(:data:`VILLAGE_PLACES`, the ``places`` of ``assets/layouts/malleus.tmx``) with exactly
three facts; relationships between two different villagers of the village, ally or enemy,
at most one view per ordered pair (a mutual one counts both ways, R5), every villager in
at least one; every text 1-200 characters once cleaned. Anything wrong raises
:class:`~game.engine.errors.CardDataError` naming the file, the village and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from game.engine.cards import default_cards_dir
from game.engine.errors import CardDataError, IllegalCommand
from game.rules.malleus.state import PREVOT, REL_KINDS, START_STANDING, new_id
from game.rules.malleus.village import add_fact, add_relation
from game.rules.malleus.words import MAX_VILLAGER_NAME, clean_text

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch

#: the options of ``village``: build it at the table (the default) or start from a ready one
VILLAGE_CHOICES = {"build": "Build your own village", "ready": "A ready village (skip building)"}
#: villagers in a ready village, whatever the size of the table (M16)
VILLAGE_SIZE = 12
#: the named places of the village map (``assets/layouts/malleus.tmx``, group ``places``)
VILLAGE_PLACES = (
    "The church",
    "The churchyard",
    "The Prévôté",
    "The village square",
    "The well",
    "The tavern",
    "The bakehouse",
    "The forge",
    "The château",
    "The crossroads",
    "The bridge",
    "The mill",
    "The fields",
    "The woods",
    "The river ford",
    "The common pasture",
)
FILE_NAME = "malleus_villages.yaml"


@dataclass(frozen=True)
class ReadyVillager:
    """A villager of a ready village: its name, its place on the map, its three facts."""

    name: str
    place: str
    facts: tuple[str, str, str]


@dataclass(frozen=True)
class ReadyRelationship:
    """``holder``'s view of ``other`` (villager names), both ways when ``mutual``."""

    holder: str
    other: str
    kind: str
    mutual: bool


@dataclass(frozen=True)
class ReadyVillage:
    """A prepared village: its trigger event, its twelve villagers, their relationships."""

    id: str
    title: str
    trigger: str
    villagers: tuple[ReadyVillager, ...]
    relationships: tuple[ReadyRelationship, ...]


_CACHE: dict[str, tuple[ReadyVillage, ...]] = {}


def load_villages(path: Path | str | None = None) -> tuple[ReadyVillage, ...]:
    """Load and check ``cards/malleus_villages.yaml`` (or ``path``); CardDataError if wrong."""
    file = Path(path) if path is not None else default_cards_dir() / FILE_NAME
    key = str(file.resolve())
    if key in _CACHE:
        return _CACHE[key]
    label = "/".join(file.parts[-2:])
    try:
        # the C parser when this install has it (several times faster than the pure Python one)
        data = yaml.load(file.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except OSError as exc:
        raise CardDataError(f"{label}: cannot read the file ({exc.strerror or exc})") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        raise CardDataError(f"{label}: bad YAML{where}: {getattr(exc, 'problem', None) or 'not valid YAML'}") from None
    if (
        not isinstance(data, dict)
        or set(data) != {"villages"}
        or not isinstance(data["villages"], list)
        or not data["villages"]
    ):
        raise CardDataError(f"{label}: expected one section 'villages', a list of villages")
    villages = []
    for index, entry in enumerate(data["villages"]):
        villages.append(_village(entry, f"{label}: village {index + 1}"))
    ids = [v.id for v in villages]
    if len(set(ids)) != len(ids):
        raise CardDataError(f"{label}: two villages share an id")
    _CACHE[key] = tuple(villages)
    return _CACHE[key]


def _fields(entry: Any, want: set[str], optional: set[str], where: str) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise CardDataError(f"{where}: expected a mapping")
    missing = sorted(want - set(entry))
    extra = sorted(set(entry) - want - optional, key=str)
    if missing:
        raise CardDataError(f"{where}: field {missing[0]!r} is missing")
    if extra:
        raise CardDataError(f"{where}: unknown field {extra[0]!r}")
    return entry


def _text(value: Any, where: str, limit: int = 200) -> str:
    try:
        text = clean_text(value, "the text")
    except IllegalCommand as exc:
        raise CardDataError(f"{where}: {exc.message}") from None
    if text != value:
        raise CardDataError(f"{where}: write it on one line without extra spaces ({value!r})")
    if len(text) > limit:
        raise CardDataError(f"{where}: {len(text)} characters, at most {limit}")
    return text


def _village(entry: Any, where: str) -> ReadyVillage:
    entry = _fields(entry, {"id", "title", "trigger", "villagers", "relationships"}, set(), where)
    vid = _text(entry["id"], f"{where}, field 'id'", 40)
    where = f"{where.rsplit(':', 1)[0]}: village {vid!r}"
    title = _text(entry["title"], f"{where}, field 'title'", 60)
    trigger = _text(entry["trigger"], f"{where}, field 'trigger'")
    people = entry["villagers"]
    if not isinstance(people, list) or len(people) != VILLAGE_SIZE:
        raise CardDataError(f"{where}: expected {VILLAGE_SIZE} villagers")
    villagers: list[ReadyVillager] = []
    for i, person in enumerate(people):
        at = f"{where}, villager {i + 1}"
        person = _fields(person, {"name", "place", "facts"}, set(), at)
        name = _text(person["name"], f"{at}, field 'name'", MAX_VILLAGER_NAME)
        at = f"{where}, villager {name!r}"
        if any(v.name == name for v in villagers):
            raise CardDataError(f"{at}: two villagers share this name")
        if person["place"] not in VILLAGE_PLACES:
            raise CardDataError(f"{at}: {person['place']!r} is not a place of the map ({', '.join(VILLAGE_PLACES)})")
        facts = person["facts"]
        if not isinstance(facts, list) or len(facts) != 3:
            raise CardDataError(f"{at}: expected exactly 3 facts")
        texts = tuple(_text(f, f"{at}, fact {k + 1}") for k, f in enumerate(facts))
        villagers.append(ReadyVillager(name, person["place"], (texts[0], texts[1], texts[2])))
    names = {v.name for v in villagers}
    relationships: list[ReadyRelationship] = []
    views: set[tuple[str, str]] = set()
    tied: set[str] = set()
    links = entry["relationships"]
    if not isinstance(links, list) or not links:
        raise CardDataError(f"{where}: expected a list of relationships")
    for i, link in enumerate(links):
        at = f"{where}, relationship {i + 1}"
        link = _fields(link, {"from", "to", "kind"}, {"mutual"}, at)
        holder, other, kind = link["from"], link["to"], link["kind"]
        mutual = link.get("mutual", False)
        for end in (holder, other):
            if end not in names:
                raise CardDataError(f"{at}: {end!r} is not a villager of this village")
        if holder == other:
            raise CardDataError(f"{at}: a villager holds no view of itself")
        if kind not in REL_KINDS:
            raise CardDataError(f"{at}: kind is 'ally' or 'enemy', not {kind!r}")
        if not isinstance(mutual, bool):
            raise CardDataError(f"{at}: mutual is true or false")
        wanted = [(holder, other)] + ([(other, holder)] if mutual else [])
        if any(w in views for w in wanted):
            raise CardDataError(f"{at}: {holder} and {other} already have that view (one view per direction)")
        views.update(wanted)
        tied.update((holder, other))
        relationships.append(ReadyRelationship(holder, other, kind, mutual))
    alone = [v.name for v in villagers if v.name not in tied]
    if alone:
        raise CardDataError(f"{where}: {alone[0]!r} has no relationship")
    return ReadyVillage(vid, title, trigger, tuple(villagers), tuple(relationships))


def pick_village(m: MalleusMatch) -> ReadyVillage:
    """The ready village of this match: one of the file's, picked by the match's generator."""
    villages = load_villages()
    return villages[m.rng.randint(0, len(villages) - 1)]


def settle_village(m: MalleusMatch, ready: ReadyVillage) -> None:
    """Write ``ready`` into a new match's state (§2.10) and open the choosing of villagers,
    from seat 1 (M17). The same events as a village built at the table."""
    st = m.state
    st["ready_village"] = {"id": ready.id, "title": ready.title}
    m.emit({"type": "ready_village", "village": ready.id, "title": ready.title, "villagers": VILLAGE_SIZE})
    fid = add_fact(m, ready.trigger, None)
    m.emit({"type": "trigger", "fact": fid, "text": ready.trigger})
    ids: dict[str, str] = {}
    for person in ready.villagers:
        vid = new_id(m, "v")
        ids[person.name] = vid
        st["villagers"][vid] = {
            "id": vid,
            "name": person.name,
            "standing": START_STANDING,
            "facts": [],
            "controlled_by": None,
            "status": "alive",
            "sentenced_in": None,
            "place": person.place,
        }
        st["vorder"].append(vid)
        m.emit(
            {
                "type": "villager",
                "id": vid,
                "name": person.name,
                "standing": START_STANDING,
                "by": None,
                "place": person.place,
            }
        )
        for text in person.facts:
            add_fact(m, text, vid)
    for link in ready.relationships:
        add_relation(m, ids[link.holder], ids[link.other], link.kind, link.mutual)
    queue = list(m.players_seats)
    st["phase"] = "choosing"
    st["build"] = {"seat": PREVOT, "passes": 0, "last_passer": None}
    st["choose"] = {"queue": queue, "order": []}
    m.emit({"type": "building_over", "villagers": len(st["vorder"]), "first_chooser": queue[0], "ready": ready.id})
