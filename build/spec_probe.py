"""Run ``installer.spec`` without PyInstaller and record what it asks for.

PyInstaller executes a spec as Python with ``Analysis``, ``PYZ``, ``EXE``, ``COLLECT``,
``BUNDLE``, ``SPECPATH`` and ``DISTPATH`` defined. Here they are recorders, so tests and
the package smoke can check the data files, hidden imports and per-platform options in
a fraction of a second, on any system, without building anything.
"""

from __future__ import annotations

import os
import sys
import sysconfig
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "installer.spec"


@dataclass
class Call:
    args: tuple[Any, ...]
    kwargs: dict[str, Any]


@dataclass
class SpecProbe:
    analysis: Call | None = None
    exe: Call | None = None
    collect: Call | None = None
    bundle: Call | None = None
    namespace: dict[str, Any] = field(default_factory=dict)

    @property
    def datas(self) -> list[tuple[str, str]]:
        assert self.analysis is not None
        return list(self.analysis.kwargs["datas"])

    @property
    def hiddenimports(self) -> list[str]:
        assert self.analysis is not None
        return list(self.analysis.kwargs["hiddenimports"])


class _Analysis:
    def __init__(self, probe: SpecProbe, scripts: list[str], **kwargs: Any) -> None:
        probe.analysis = Call((scripts,), kwargs)
        self.scripts = scripts
        self.pure: list[Any] = []
        self.binaries: list[Any] = []
        self.datas = kwargs.get("datas", [])


def probe_spec(
    distpath: Path,
    platform: str | None = None,
    env: dict[str, str] | None = None,
    spec: Path = SPEC,
) -> SpecProbe:
    """Execute the spec with recorders. ``platform`` stands in for ``sys.platform``;
    ``env`` entries are set in ``os.environ`` for the duration (None-valued ones removed)."""
    probe = SpecProbe()

    def collect(*args: Any, **kwargs: Any) -> Call:
        probe.collect = Call(args, kwargs)
        (distpath / kwargs["name"]).mkdir(parents=True, exist_ok=True)  # COLLECT makes the folder
        return probe.collect

    def exe(*args: Any, **kwargs: Any) -> Call:
        probe.exe = Call(args, kwargs)
        return probe.exe

    def bundle(*args: Any, **kwargs: Any) -> Call:
        probe.bundle = Call(args, kwargs)
        return probe.bundle

    namespace: dict[str, Any] = {
        "__name__": "__main__",
        "__file__": str(spec),
        "SPECPATH": str(spec.parent),
        "DISTPATH": str(distpath),
        "Analysis": lambda scripts, **kw: _Analysis(probe, scripts, **kw),
        "PYZ": lambda *args, **kw: Call(args, kw),
        "EXE": exe,
        "COLLECT": collect,
        "BUNDLE": bundle,
    }
    # What the spec imports reads the real platform when first imported (PyInstaller's
    # compat module asks sysconfig, which loads a per-platform module): import it before
    # sys.platform stands in for another system, or the first probe in a process fails.
    sysconfig.get_config_vars()
    try:
        import PyInstaller.utils.hooks  # noqa: F401
    except ImportError:  # a play-only install: the spec's own import will say so
        pass
    saved_env = {key: os.environ.get(key) for key in (env or {})}
    saved_platform = sys.platform
    try:
        for key, value in (env or {}).items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        if platform is not None:
            sys.platform = platform  # the spec branches on sys.platform at exec time only
        exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), namespace)
    finally:
        sys.platform = saved_platform
        for key, value in saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    probe.namespace = namespace
    return probe
