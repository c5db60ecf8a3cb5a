"""The scene stack's lifecycle (DESIGN D6; STYLE: tested by counting hook calls)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.ui.scene import Scene, SceneManager, UnknownScene, register_scene, scene_names


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


# scenes opened by name (DESIGN D6: "scenes are opened by name through the scene manager
# and never import each other")
class Named(Scene):
    def __init__(self, app, colour="red", calls=None):
        super().__init__(app)
        self.colour, self.calls = colour, calls

    def enter(self):
        if self.calls is not None:
            self.calls[("named", "enter")] += 1


register_scene("test_named", Named)


def test_a_scene_opens_by_its_registered_name_with_its_arguments():
    calls = Counter()
    app = object()
    mgr = SceneManager(app)
    scene = mgr.push("test_named", colour="blue", calls=calls)
    assert isinstance(scene, Named) and scene.app is app and scene.colour == "blue"
    assert mgr.top is scene and calls[("named", "enter")] == 1
    assert mgr.find("test_named") is scene
    assert isinstance(mgr.replace("test_named"), Named) and mgr.top is not scene
    assert mgr.reset("test_named", colour="green").colour == "green" and len(mgr.stack) == 1


def test_an_unknown_scene_name_is_refused_and_the_stack_is_untouched():
    mgr = SceneManager(object())
    mgr.push("test_named")
    with pytest.raises(UnknownScene):
        mgr.push("no_such_scene")
    assert len(mgr.stack) == 1
    with pytest.raises(TypeError):
        mgr.push(Named(None), colour="blue")  # arguments go with a name only


def test_a_name_taken_by_another_scene_is_refused():
    class Other(Scene):
        pass

    register_scene("test_named", Named)  # the same scene again: fine
    with pytest.raises(ValueError):
        register_scene("test_named", Other)


def test_every_shared_scene_is_registered_once_the_app_module_is_imported():
    import game.ui.app  # noqa: F401

    assert {
        "menu",
        "new_game",
        "continue",
        "rules",
        "settings",
        "curtain",
        "game_over",
        "table_menu",
        "confirm",
        "message",
        "host",
        "join",
        "lobby",
        "host_gone",
        "lan_game_over",
    } <= set(scene_names())


def test_removing_a_scene_from_the_middle_exits_it_and_leaves_the_others_running():
    calls = Counter()
    mgr = SceneManager()
    a, b, c = (Recorder(n, calls) for n in "abc")
    for s in (a, b, c):
        mgr.push(s)
    calls.clear()
    a.dirty = c.dirty = False
    assert mgr.remove(b)
    assert calls == Counter({("b", "exit"): 1})  # nobody paused or resumed: c stays on top
    assert mgr.stack == [a, c] and a.dirty and c.dirty  # what b covered may show now
    assert not mgr.remove(b)  # not on the stack any more: nothing happens
    assert calls == Counter({("b", "exit"): 1})


def test_removing_the_top_scene_is_a_pop():
    calls = Counter()
    mgr = SceneManager()
    a, b = Recorder("a", calls), Recorder("b", calls)
    mgr.push(a)
    mgr.push(b)
    assert mgr.remove(b) and mgr.stack == [a]
    assert calls[("b", "exit")] == 1 and calls[("a", "resume")] == 1
    assert mgr.below(a) is None
