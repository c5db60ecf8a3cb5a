"""``python -m game`` = the ``witchhunt`` command (DESIGN D7)."""

from __future__ import annotations

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
