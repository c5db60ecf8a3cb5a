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


def pytest_collection_modifyitems(config, items):
    """Tests marked ``slow`` (several seconds each) start first: the workers then share
    the quick ones at the end and finish together, instead of one worker starting a long
    test when the other has nothing left. A stable sort: the order is otherwise kept."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
