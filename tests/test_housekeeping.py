"""Housekeeping: the window is named after the app so the taskbar groups it with the
desktop entry; ``make play`` installs only what playing needs, and every install takes
its versions from the lock (constraints.txt)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def dry_run(target: str, tmp_path: Path) -> str:
    """The commands ``make TARGET`` would run in a fresh clone (no .venv yet)."""
    for name in ("Makefile", "pyproject.toml", "constraints.txt"):
        shutil.copy(ROOT / name, tmp_path / name)
    return subprocess.run(
        ["make", "-n", target], cwd=tmp_path, capture_output=True, text=True, timeout=60, check=True
    ).stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_play_installs_only_the_runtime_dependencies(tmp_path):
    play = dry_run("play", tmp_path)
    assert "pip install --quiet -c constraints.txt -e .\n" in play and "[dev]" not in play and "-m game" in play
    for target in ("test", "package", "bench"):  # pytest, hypothesis, PyInstaller come with these
        assert "-c constraints.txt -e '.[dev]'" in dry_run(target, tmp_path), target


def test_every_dependency_installs_at_the_version_the_lock_pins():
    """A packaged build is reproducible: every runtime and dev dependency of
    pyproject.toml has an exact pin in constraints.txt, within pyproject's range."""
    import tomllib

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [Requirement(r) for r in [*project["dependencies"], *project["optional-dependencies"]["dev"]]]
    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not an exact pin"
            pins[canonicalize_name(name)] = version.strip()
    for requirement in wanted:
        version = pins.get(canonicalize_name(requirement.name))
        assert version is not None, f"constraints.txt does not pin {requirement.name}"
        assert requirement.specifier.contains(version, prereleases=True), (requirement, version)


def test_the_window_class_is_the_apps_name(monkeypatch):
    from game.ui import app as app_module

    for var in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        monkeypatch.delenv(var, raising=False)
    app_module.App(size=(960, 600))
    desktop_entry = (ROOT / "build" / "witchhunt.desktop").read_text(encoding="utf-8")
    assert f"StartupWMClass={app_module.APP_ID}\n" in desktop_entry
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == app_module.APP_ID


@pytest.mark.skipif(not (shutil.which("xvfb-run") and shutil.which("xprop")), reason="needs xvfb-run and xprop")
def test_an_x11_window_manager_sees_the_class_witchhunt(tmp_path):
    script = (
        "import subprocess, pygame\n"
        "from game.ui.app import App\n"
        "App(size=(960, 600)); pygame.event.pump()\n"
        "wid = pygame.display.get_wm_info()['window']\n"
        "print(subprocess.run(['xprop', '-id', str(wid), 'WM_CLASS'], capture_output=True, text=True).stdout)\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_VIDEO", "SDL_APP"))}
    env.update(SDL_AUDIODRIVER="dummy", WITCHHUNT_HOME=str(tmp_path))
    result = subprocess.run(
        ["xvfb-run", "-a", sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert 'WM_CLASS(STRING) = "witchhunt", "witchhunt"' in result.stdout, result.stdout + result.stderr[-1500:]
