"""The scene stack's lifecycle (DESIGN D6; STYLE: tested by counting hook calls)."""

from __future__ import annotations

from collections import Counter

from game.ui.scene import Scene, SceneManager


class Recorder(Scene):
    def __init__(self, name, calls, opaque=True):
        super().__init__(app=None)
        self.name, self.calls, self.opaque = name, calls, opaque

    def enter(self):
        self.calls[(self.name, "enter")] += 1

    def exit(self):
        self.calls[(self.name, "exit")] += 1

    def pause(self):
        self.calls[(self.name, "pause")] += 1

    def resume(self):
        self.calls[(self.name, "resume")] += 1


def test_push_pop_replace_reset_call_each_hook_once():
    calls = Counter()
    mgr = SceneManager()
    a, b, c, d = (Recorder(n, calls) for n in "abcd")
    mgr.push(a)
    mgr.push(b)
    assert calls == Counter({("a", "enter"): 1, ("a", "pause"): 1, ("b", "enter"): 1})
    mgr.replace(c)
    assert calls[("b", "exit")] == 1 and calls[("c", "enter")] == 1 and calls[("a", "resume")] == 0
    assert mgr.pop() is c
    assert calls[("c", "exit")] == 1 and calls[("a", "resume")] == 1
    mgr.push(b)
    mgr.reset(d)
    assert calls[("b", "exit")] == 2 and calls[("a", "exit")] == 1 and mgr.stack == [d]
    assert mgr.pop() is d and mgr.pop() is None and mgr.top is None


def test_overlays_draw_over_the_topmost_opaque_scene():
    calls = Counter()
    mgr = SceneManager()
    base, table, dialog = Recorder("base", calls), Recorder("table", calls), Recorder("dlg", calls, opaque=False)
    for s in (base, table, dialog):
        mgr.push(s)
    assert mgr.visible() == [table, dialog]
    assert mgr.find(Recorder) is dialog
