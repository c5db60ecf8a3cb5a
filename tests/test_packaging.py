"""Fast checks of the packaging (DESIGN D8) that need no PyInstaller build.

The spec is executed with recorders in place of PyInstaller's build classes
(build/spec_probe.py); the built app itself is checked by ``make package-smoke``.
"""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
sys.path.insert(0, str(BUILD))

from spec_probe import probe_spec  # noqa: E402

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script and file modes")


def _load_launcher():
    spec = importlib.util.spec_from_file_location("witchhunt_launcher", BUILD / "launcher.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _shipped_files(top: str) -> set[str]:
    base = ROOT / top
    if not base.is_dir():
        return set()
    return {
        str(p.relative_to(ROOT))
        for p in base.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")
    }


# ---------------------------------------------------------------- the spec ----


def test_spec_bundles_every_file_of_assets_cards_and_rules(tmp_path):  # DESIGN D8
    probe = probe_spec(tmp_path, env={"WITCHHUNT_ONEFILE": None})
    bundled = {str(Path(dest) / Path(source).name) for source, dest in probe.datas}
    for top in ("assets", "cards", "docs/rules"):
        assert top in probe.namespace["DATA_DIRS"]
        assert _shipped_files(top) <= bundled, f"{top}/ files missing from the bundle"
    assert all(Path(source).is_file() for source, _ in probe.datas)
    assert not any(name.endswith((".pyc", "~")) for name in bundled)


def test_spec_bundles_every_folder_the_code_reads_below_bundle_root(tmp_path):
    """A folder read through ``bundle_root() / "x"`` must ship, or the app breaks frozen."""
    probe = probe_spec(tmp_path)
    shipped = probe.namespace["DATA_DIRS"]
    pattern = re.compile(r'bundle_root\(\)\s*/\s*"([^"]+)"(?:\s*/\s*"([^"]+)")?')
    for source in (ROOT / "game").rglob("*.py"):
        for match in pattern.finditer(source.read_text(encoding="utf-8")):
            first, second = match.group(1), match.group(2)
            read = f"{first}/{second}" if second else first
            assert any(read == d or read.startswith(d + "/") for d in shipped), (
                f"{source.relative_to(ROOT)} reads {read}/ from the bundle but installer.spec does not ship it"
            )


def test_spec_hidden_imports_cover_every_game_module(tmp_path):
    """game.rules imports its games with importlib: PyInstaller cannot see them alone."""
    probe = probe_spec(tmp_path)
    hidden = set(probe.hiddenimports)
    rules = [p.stem for p in (ROOT / "game" / "rules").glob("*.py") if p.stem != "__init__"]
    for name in rules:
        assert f"game.rules.{name}" in hidden
    for folder in ("ui/scenes", "net", "bots", "engine"):
        for path in (ROOT / "game" / folder).glob("*.py"):
            module = "game." + folder.replace("/", ".")
            assert (module if path.stem == "__init__" else f"{module}.{path.stem}") in hidden
    assert "game.rules" in hidden and "game.cli" in hidden


def test_spec_entry_point_is_the_launcher_and_excludes_dev_tools(tmp_path):
    probe = probe_spec(tmp_path)
    assert probe.analysis is not None
    (scripts,) = probe.analysis.args
    assert [Path(s) for s in scripts] == [BUILD / "launcher.py"]
    assert {"pytest", "hypothesis", "tkinter"} <= set(probe.analysis.kwargs["excludes"])


def test_spec_is_onedir_by_default_and_onefile_on_request(tmp_path):
    onedir = probe_spec(tmp_path / "a", env={"WITCHHUNT_ONEFILE": None})
    assert onedir.collect is not None and onedir.collect.kwargs["name"] == "witchhunt"
    assert onedir.exe is not None and onedir.exe.kwargs["exclude_binaries"] is True
    onefile = probe_spec(tmp_path / "b", env={"WITCHHUNT_ONEFILE": "1"})
    assert onefile.collect is None
    assert onefile.exe is not None and "exclude_binaries" not in onefile.exe.kwargs
    assert len(onefile.exe.args) == 5  # pyz, scripts, binaries, datas, options: all in one file


def test_spec_keeps_the_console_on_linux_only(tmp_path):
    linux = probe_spec(tmp_path / "l", platform="linux", env={"WITCHHUNT_CONSOLE": None})
    windows = probe_spec(tmp_path / "w", platform="win32", env={"WITCHHUNT_CONSOLE": None})
    macos = probe_spec(tmp_path / "m", platform="darwin", env={"WITCHHUNT_CONSOLE": None})
    assert linux.exe.kwargs["console"] is True  # type: ignore[union-attr]
    assert windows.exe.kwargs["console"] is False  # type: ignore[union-attr]
    assert macos.exe.kwargs["console"] is False  # type: ignore[union-attr]
    forced = probe_spec(tmp_path / "f", platform="win32", env={"WITCHHUNT_CONSOLE": "1"})
    assert forced.exe.kwargs["console"] is True  # type: ignore[union-attr]


def test_spec_strips_binaries_on_linux_only(tmp_path):
    env = {"WITCHHUNT_STRIP": None}
    assert probe_spec(tmp_path / "l", platform="linux", env=env).exe.kwargs["strip"] is True  # type: ignore[union-attr]
    assert probe_spec(tmp_path / "w", platform="win32", env=env).exe.kwargs["strip"] is False  # type: ignore[union-attr]
    assert probe_spec(tmp_path / "m", platform="darwin", env=env).exe.kwargs["strip"] is False  # type: ignore[union-attr]


def test_spec_uses_the_app_icon_from_build_on_windows_and_macos(tmp_path):
    windows = probe_spec(tmp_path / "w", platform="win32")
    macos = probe_spec(tmp_path / "m", platform="darwin")
    assert windows.exe.kwargs["icon"] == str(BUILD / "witchhunt.ico")  # type: ignore[union-attr]
    assert macos.bundle is not None
    assert macos.bundle.kwargs["icon"] == str(BUILD / "witchhunt.icns")
    assert macos.bundle.kwargs["name"] == "Witchhunt Table.app"
    assert windows.bundle is None


@posix_only
def test_spec_puts_desktop_entry_and_icons_beside_the_linux_binary(tmp_path):
    probe_spec(tmp_path, platform="linux", env={"WITCHHUNT_ONEFILE": None})
    beside = tmp_path / "witchhunt"
    for name in ("witchhunt.desktop", "install-desktop-entry.sh", "witchhunt-256.png", "ICON-CREDITS.md"):
        assert (beside / name).is_file()
    assert os.access(beside / "install-desktop-entry.sh", os.X_OK)


# ---------------------------------------------------------------- the paths ----


def test_paths_find_data_in_the_source_tree(monkeypatch):
    from game import paths

    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert paths.bundle_root() == ROOT
    assert paths.cards_dir() == ROOT / "cards"
    assert paths.assets_dir() == ROOT / "assets"


def test_paths_find_data_in_a_frozen_bundle(monkeypatch, tmp_path):
    from game import paths

    bundle = tmp_path / "_internal"
    shutil.copytree(ROOT / "cards", bundle / "cards")
    (bundle / "assets").mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert paths.bundle_root() == bundle
    assert paths.cards_dir() == bundle / "cards"
    assert paths.assets_dir() == bundle / "assets"
    assert sorted(p.name for p in paths.cards_dir().glob("*.yaml")) == sorted(
        p.name for p in (ROOT / "cards").glob("*.yaml")
    )


def test_user_files_live_in_the_data_folder_not_the_bundle(monkeypatch, tmp_path):
    from game import paths

    bundle = tmp_path / "bundle"
    bundle.mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.delenv("WITCHHUNT_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    data, saves = paths.user_data_dir(), paths.saves_dir()
    assert bundle not in data.parents and bundle not in saves.parents
    if sys.platform.startswith("linux"):
        assert data == tmp_path / "xdg" / paths.APP_NAME
    assert list(bundle.iterdir()) == []


# -------------------------------------------------------------- the launcher ----


def test_windowed_build_without_stdout_logs_to_the_data_folder(monkeypatch, tmp_path):
    """STYLE: a windowed build may have sys.stdout None; output goes to a log file."""
    launcher = _load_launcher()
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    launcher._fill_missing_streams()
    try:
        print("hello from a windowed build")
        assert Path(sys.stdout.name) == tmp_path / launcher.LOG_NAME
        assert sys.stderr is sys.stdout
    finally:
        sys.stdout.close()
    assert "hello from a windowed build" in (tmp_path / launcher.LOG_NAME).read_text(encoding="utf-8")


def test_launcher_leaves_working_streams_alone(monkeypatch):
    launcher = _load_launcher()
    out, err = sys.stdout, sys.stderr
    launcher._fill_missing_streams()
    assert sys.stdout is out and sys.stderr is err


def test_first_frame_hook_reports_and_screenshot_hook_saves(monkeypatch, tmp_path, caplog):
    import logging

    import pygame

    launcher = _load_launcher()
    exits: list[int] = []
    monkeypatch.setattr(launcher, "_flush_and_exit", exits.append)
    was_up = pygame.display.get_init()
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((64, 48))
        screen.fill((200, 30, 30))
        shot = tmp_path / "shot.png"
        watch = launcher._FrameWatch(first_frame_exit=True, shot_path=str(shot), idle=60.0)
        with caplog.at_level(logging.INFO, logger="witchhunt.launcher"):
            watch.flip()
        watch.timer.cancel()  # type: ignore[attr-defined]
        assert "first frame after" in caplog.text
        assert exits == []  # with a screenshot wanted, the first frame does not end the run
        watch.save_and_exit()
        assert exits == [0]
        assert pygame.image.load(str(shot)).get_at((10, 10))[:3] == (200, 30, 30)
    finally:
        if not was_up:  # leave the display as other tests found it
            pygame.display.quit()


# ------------------------------------------------- desktop entry and icons ----


def _parse_desktop_entry(path: Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("[Desktop Entry]\n")
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read_string(text)
    return dict(parser["Desktop Entry"])


def _validate(path: Path) -> None:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        return  # the parser checks above still ran; CI images without desktop-file-utils skip this
    result = subprocess.run([tool, str(path)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_desktop_entry_is_valid():
    entry = _parse_desktop_entry(BUILD / "witchhunt.desktop")
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Witchhunt Table"
    assert entry["Icon"] == "witchhunt-table" and entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")
    _validate(BUILD / "witchhunt.desktop")


@posix_only
def test_install_script_writes_a_valid_entry_with_the_absolute_app_path(tmp_path):
    app_dir = tmp_path / "My Games" / "witchhunt"
    app_dir.mkdir(parents=True)
    app = app_dir / "witchhunt"
    app.write_text("#!/bin/sh\nexit 0\n")
    app.chmod(0o755)
    env = {**os.environ, "HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "share")}
    script = BUILD / "install-desktop-entry.sh"
    result = subprocess.run(["sh", str(script), "--app", str(app)], env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    installed = tmp_path / "share" / "applications" / "witchhunt-table.desktop"
    entry = _parse_desktop_entry(installed)
    assert entry["Exec"] == f'"{app}"'
    assert (tmp_path / "share" / "icons" / "hicolor" / "256x256" / "apps" / "witchhunt-table.png").is_file()
    _validate(installed)
    result = subprocess.run(["sh", str(script), "--uninstall"], env=env, capture_output=True, text=True)
    assert result.returncode == 0 and not installed.exists()


@posix_only
def test_install_script_refuses_a_missing_app(tmp_path):
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share")}
    result = subprocess.run(
        ["sh", str(BUILD / "install-desktop-entry.sh"), "--app", str(tmp_path / "nothing")],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1 and "make package" in result.stderr
    assert not (tmp_path / "share" / "applications").exists()


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_app_icon_files_hold_the_sizes_they_claim():
    for size in (16, 32, 48, 64, 128, 256, 512):
        assert _png_size((BUILD / f"witchhunt-{size}.png").read_bytes()) == (size, size)
    ico = (BUILD / "witchhunt.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 5
    for i in range(count):
        w, h, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i : 22 + 16 * i])
        assert _png_size(ico[offset : offset + length]) == (w or 256, h or 256)
    icns = (BUILD / "witchhunt.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert (BUILD / "ICON-CREDITS.md").read_text(encoding="utf-8").count("CC BY 3.0") >= 1
