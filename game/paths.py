"""The one place that knows where data lives, from source and from a PyInstaller bundle.

Never ``os.chdir``; everything is found relative to this file (or ``sys._MEIPASS``).
User files (settings, saves) live in the user's data folder, never inside the bundle.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "WitchhuntTable"


def bundle_root() -> Path:
    """Folder holding ``assets/`` and ``cards/``: the bundle when frozen, else the repo."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def cards_dir() -> Path:
    return bundle_root() / "cards"


def assets_dir() -> Path:
    return bundle_root() / "assets"


def user_data_dir() -> Path:
    """Settings and saves. ``WITCHHUNT_HOME`` overrides it (tests, portable installs)."""
    override = os.environ.get("WITCHHUNT_HOME")
    if override:
        path = Path(override)
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = user_data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path
