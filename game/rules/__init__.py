"""The games' rules. Importing this package imports every module and package in it,
and each one registers its game (``@register`` and ``register_info`` in
:mod:`game.engine.registry`): a new game is a new module here, and no list names it."""

from __future__ import annotations

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    if not _module.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_module.name}")
