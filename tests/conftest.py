from __future__ import annotations

import os

# Headless everywhere: set before anything imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("WITCHHUNT_DISCOVERY_ADDR", "127.0.0.1")


def pytest_configure(config):
    import tempfile

    # Never touch the real user's saves or settings from a test.
    os.environ.setdefault("WITCHHUNT_HOME", tempfile.mkdtemp(prefix="witchhunt-test-"))
