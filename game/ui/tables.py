"""The registry of game tables: each game's scene package states what its table needs
once, in a :class:`TableSpec` (DESIGN D6), and shared code reads it from here.

A game's scene package ``game/ui/scenes/<game>/__init__.py`` registers exactly one spec
when it is imported::

    from game.ui.tables import TableSpec, register_table_spec

    register_table_spec(TableSpec(
        game=GAME_ID,                 # the rules' game id (GameInfo)
        scene=MyTableScene,           # factory(app, source) -> Scene
        menu_order=60,                # where menus list the game
        layout_counts=(3, 4, 5),      # groups players_<n> of assets/layouts/<game>.tmx
        art=GameArt(face=my_face),    # card faces, back, ids (game.ui.card_art)
        sounds={"draw": "card_draw"}, # log event type -> sound (game.ui.sound)
        smoke="game.ui.scenes.mine.smoke:smoke_step",
    ))

Nothing in shared code lists the games: :func:`load_tables` walks the subpackages of
``game.ui.scenes`` (``pkgutil``) and imports each one; a package that fails to import is
logged and skipped, so the menus still open with the other games. A test may register a
spec of its own (tests/fixtures/coin_table.py) and take it out with :func:`unregister`.

Who reads what:

* the menus (New game, Continue, LAN host) offer :func:`playable_games`: games with both
  rules (``GAMES``) and a spec, in ``menu_order``; Rules lists every game with a spec and
  a rules page (:attr:`TableSpec.rules_page`);
* ``game.ui.session.session_class`` reads :attr:`TableSpec.session`, ``open_table`` the
  scene factory; ``game.ui.layout`` the layout counts and zones; ``game.ui.card_art``
  the :class:`GameArt`; ``game.ui.sound`` the event sounds; ``game.ui.smoke`` the smoke
  player.

The older names stay as readers of the specs: ``TABLE_SCENES`` (game id -> scene factory,
a live mapping: setting an item registers or changes a spec, as tests do with
``monkeypatch.setitem``), :func:`register_table` and :func:`load_tables`.
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
import pkgutil
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from game.engine import GAMES
from game.paths import bundle_root

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.card_art import GameArt
    from game.ui.scene import Scene

log = logging.getLogger(__name__)

TableFactory = Callable[["App", Any], "Scene"]
#: what a game's sounds map a log event type to: a sound name, or a function of the
#: event giving a sound name or None (a sound that depends on the event's fields)
EventSound = "str | Callable[[dict], str | None]"

#: the package whose subpackages are the games' scene packages
SCENES_PACKAGE = "game.ui.scenes"


@dataclass(frozen=True)
class TableSpec:
    """What the desktop needs to set up, draw, hear and smoke-test one game's table.

    * ``game``: the game id the rules registered (``GameInfo.id``).
    * ``scene``: the table scene factory, ``scene(app, source)`` (a TableScene class).
    * ``menu_order``: menus list games by this number (then by id).
    * ``session``: the hot-seat session class for this table, a class or
      ``"module:Class"`` (read when a session starts); None: ``HotseatSession``.
    * ``layout_counts``: the seat counts ``assets/layouts/<game>.tmx`` has a group
      ``players_<n>`` for (seats, absent ones included); empty: the table lays itself
      out without a Tiled map of seats.
    * ``zones``: the zones every such group has besides ``seat_0`` … (default: the
      scene's ``REQUIRED_ZONES``).
    * ``art``: the card art (:class:`game.ui.card_art.GameArt`: faces, back, ids);
      None: faces built from the card ids.
    * ``sounds``: log event type -> sound name, or -> a function of the event giving a
      sound name or None.
    * ``smoke``: ``"module:function"`` of the smoke player, ``function(driver)``, that
      ``witchhunt smoke`` runs for this game (imported only then).
    * ``rules``: the rules page the Rules scene shows; None: ``docs/rules/<game>.md``.
    * ``tagline``: one line a player reads while choosing the game (the New game form).
    """

    game: str
    scene: TableFactory
    menu_order: int = 100
    session: type | str | None = None
    layout_counts: tuple[int, ...] = ()
    zones: tuple[str, ...] | None = None
    art: GameArt | None = None
    sounds: Mapping[str, Any] = field(default_factory=dict)
    smoke: str | None = None
    rules: Path | None = None
    tagline: str = ""

    def __post_init__(self) -> None:
        if not self.game:
            raise ValueError("a TableSpec needs its game id")
        object.__setattr__(self, "layout_counts", tuple(int(n) for n in self.layout_counts))
        if self.zones is None:
            zones = tuple(getattr(self.scene, "REQUIRED_ZONES", ()) or ()) if self.layout_counts else ()
        else:
            zones = tuple(self.zones)
        object.__setattr__(self, "zones", zones)
        object.__setattr__(self, "sounds", MappingProxyType(dict(self.sounds)))

    @property
    def rules_page(self) -> Path:
        """The Markdown page of this game's rules (it may not exist)."""
        if self.rules is not None:
            return Path(self.rules)
        return bundle_root() / "docs" / "rules" / f"{self.game}.md"

    def session_class(self) -> type | None:
        """The session class this table needs, imported now; None: the default."""
        if self.session is None or isinstance(self.session, type):
            return self.session
        module, _, name = str(self.session).partition(":")
        return getattr(importlib.import_module(module), name)

    def smoke_player(self) -> Callable[[Any], None] | None:
        if not self.smoke:
            return None
        module, _, name = self.smoke.partition(":")
        return getattr(importlib.import_module(module), name or "smoke_step")


#: game id -> its table spec
TABLE_SPECS: dict[str, TableSpec] = {}
_loaded = False


def register_table_spec(spec: TableSpec) -> TableSpec:
    """Register (or replace) the spec of ``spec.game``."""
    TABLE_SPECS[spec.game] = spec
    _SWAPPED.pop(spec.game, None)
    return spec


def unregister(game_id: str) -> None:
    """Take a game's table out of the registry (tests that register one for a while)."""
    TABLE_SPECS.pop(game_id, None)
    _SWAPPED.pop(game_id, None)


def _scene_packages() -> list[str]:
    """The subpackages of ``game.ui.scenes`` (each game's scene package, and shared ones
    that register nothing)."""
    package = importlib.import_module(SCENES_PACKAGE)
    return sorted(info.name for info in pkgutil.iter_modules(package.__path__, SCENES_PACKAGE + ".") if info.ispkg)


def load_tables() -> MutableMapping[str, TableFactory]:
    """Import every scene package once (each registers its spec); return
    ``TABLE_SCENES``. A package that cannot be imported is logged and left out."""
    global _loaded
    if not _loaded:
        _loaded = True
        for name in _scene_packages():
            try:
                importlib.import_module(name)
            except Exception:  # a broken table must not take the menu down with it
                log.exception("scene package %s cannot be imported; its game is not offered", name)
    return TABLE_SCENES


def table_specs() -> dict[str, TableSpec]:
    """Every registered spec (the scene packages imported first)."""
    load_tables()
    return TABLE_SPECS


def table_spec(game_id: str) -> TableSpec | None:
    """The spec of ``game_id``, or None for a game without a table."""
    spec = TABLE_SPECS.get(game_id)
    if spec is None and not _loaded:
        load_tables()
        spec = TABLE_SPECS.get(game_id)
    return spec


def seat_role(game_id: str, seat: int) -> str | None:
    """The part ``seat`` plays in ``game_id`` whoever sits there, as its table names it
    (the table scene's ``seat_role``: Malleus' seat 0 is the Prévôt); None for a seat
    like the others."""
    role = getattr(load_tables().get(game_id), "seat_role", None)
    part = role(seat) if callable(role) else None
    return str(part) if part else None


def _order(spec: TableSpec) -> tuple[int, str]:
    return (spec.menu_order, spec.game)


def games_in_order() -> list[str]:
    """Every game with a table, in menu order."""
    return [s.game for s in sorted(table_specs().values(), key=_order)]


def playable_games() -> list[str]:
    """Game ids the desktop can set up and draw (rules and a table), in menu order."""
    return [g for g in games_in_order() if g in GAMES]


class _SceneFactories(MutableMapping):
    """``TABLE_SCENES``: game id -> the scene factory of its spec, read live. Setting an
    item gives that game's spec this factory (a new spec with defaults for a game
    without one); deleting one takes the spec out."""

    # Every access loads the game packages first (once): a test that swaps a table before
    # anything loaded them would otherwise read no entry, and monkeypatch's undo would then
    # delete that game's table for the rest of the process.
    def __getitem__(self, game_id: str) -> TableFactory:
        load_tables()
        return TABLE_SPECS[game_id].scene

    def __setitem__(self, game_id: str, factory: TableFactory) -> None:
        load_tables()
        spec = TABLE_SPECS.get(game_id)
        if spec is None:
            register_table_spec(TableSpec(game=game_id, scene=factory))
        elif spec.scene is not factory:
            # the spec a package registered is kept aside, so setting its own factory back
            # (as monkeypatch does when a test ends) gives back that very spec
            original = _SWAPPED.setdefault(game_id, spec)
            if original.scene is factory:
                TABLE_SPECS[game_id] = _SWAPPED.pop(game_id)
            else:
                TABLE_SPECS[game_id] = dataclasses.replace(spec, scene=factory, zones=spec.zones)

    def __delitem__(self, game_id: str) -> None:
        load_tables()
        del TABLE_SPECS[game_id]
        _SWAPPED.pop(game_id, None)

    def __iter__(self) -> Iterator[str]:
        load_tables()
        return iter(list(TABLE_SPECS))

    def __len__(self) -> int:
        load_tables()
        return len(TABLE_SPECS)

    def __repr__(self) -> str:
        return f"TABLE_SCENES({dict(self)!r})"


#: game id -> the spec in force before a factory was set through TABLE_SCENES
_SWAPPED: dict[str, TableSpec] = {}
TABLE_SCENES: MutableMapping[str, TableFactory] = _SceneFactories()


def register_table(game_id: str) -> Callable[[TableFactory], TableFactory]:
    """Decorator: ``factory`` is the table scene of ``game_id`` (a spec with defaults,
    or the scene of the spec already registered)."""

    def deco(factory: TableFactory) -> TableFactory:
        TABLE_SCENES[game_id] = factory
        return factory

    return deco
