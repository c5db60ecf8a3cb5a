"""The pygame-ce desktop table. The only package that imports pygame (DESIGN D1)."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
