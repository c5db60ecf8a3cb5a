from __future__ import annotations

import os

import pytest

# Headless everywhere: set before anything imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("WITCHHUNT_DISCOVERY_ADDR", "127.0.0.1")


def pytest_configure(config):
    import tempfile

    # Never touch the real user's saves or settings from a test.
    os.environ.setdefault("WITCHHUNT_HOME", tempfile.mkdtemp(prefix="witchhunt-test-"))


def pytest_collection_modifyitems(config, items):
    """Tests marked ``slow`` start first, the longest first (``@pytest.mark.slow(seconds=50)``
    gives its rough length on a quiet 2-core machine; a bare ``slow`` counts as 5 s): with
    several workers (``--dist worksteal``) the long ones then run beside the quick ones
    instead of one worker starting a long test when the others have nothing left. A stable
    sort: the order is otherwise kept."""

    def seconds(item) -> float:
        mark = item.get_closest_marker("slow")
        if mark is None:
            return 0.0
        return float(mark.kwargs.get("seconds", 5.0))

    items.sort(key=lambda item: -seconds(item))


@pytest.fixture(autouse=True)
def _a_host_form_of_its_own(tmp_path_factory, monkeypatch):
    """The Host form brings back the last table hosted (game.ui.settings.load_host_form):
    each test starts from a form nobody hosted from, whatever an earlier test in the same
    worker hosted."""
    import game.ui.settings as settings

    path = tmp_path_factory.mktemp("host-form") / settings.HOST_FILE
    monkeypatch.setattr(settings, "host_form_path", lambda: path)
