"""``witchhunt host`` / ``join``: --name must be a name the table can show (DESIGN D7: bad
arguments print one line and exit 2). QA playtest: ``host hammer --players 3 --name ''``
opened a table whose owner was called ''."""

from __future__ import annotations

import pytest

from game.cli import build_parser, main


@pytest.mark.parametrize(
    "argv",
    [
        ["host", "hammer", "--players", "3", "--name", ""],
        ["host", "hammer", "--players", "3", "--name", "   "],
        ["join", "127.0.0.1:1", "--name", ""],
        ["join", "127.0.0.1:1", "--name", "Ann\tBob"],
        ["join", "127.0.0.1:1", "--name", "x" * 25],
    ],
)
def test_host_and_join_refuse_a_name_the_table_cannot_show(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("witchhunt") and "--name" in err and "\n" not in err, err


def test_host_and_join_keep_a_good_name_trimmed():
    assert build_parser().parse_args(["join", "h", "--name", "  Bob "]).name == "Bob"
    assert build_parser().parse_args(["host", "hammer", "--players", "3"]).name == "Host"


@pytest.mark.parametrize("form_name", ["HostScene", "JoinScene"])
@pytest.mark.parametrize("typed", ["", "   ", "Ann\tBob"])
def test_host_and_join_forms_refuse_the_name_beside_the_field(form_name, typed, monkeypatch):
    # the forms refuse what --name refuses, saying why next to the name field
    from game.ui.app import make_app
    from game.ui.scenes import lan
    from game.ui.scenes.menu import MenuScene
    from game.ui.settings import Settings

    app = make_app(Settings())
    app.scenes.reset(MenuScene(app))
    form = getattr(lan, form_name)(app)
    monkeypatch.setattr(form, "enter", lambda: form.rebuild())  # no discovery listener needed
    app.scenes.push(form)
    pushed = []
    monkeypatch.setattr(app.scenes, "push", pushed.append)
    form.set_address("127.0.0.1:9") if form_name == "JoinScene" else None
    form.set_name(typed)
    form.host() if form_name == "HostScene" else form.join()
    assert pushed == [] and app.scenes.top is form  # nothing hosted, nothing joined
    note, field = form.name_note, form.ring.find("name")
    assert note in form.ring.widgets and note.text == form.name_error
    assert ("Type your name" in note.text) if not typed.strip() else ("printable" in note.text)
    assert form.ring.focus is field
    gap = max(note.rect.x - field.rect.right, note.rect.y - field.rect.bottom)
    assert 0 <= gap <= form.px(16), (note.rect, field.rect)  # right beside (or under) the field
    form.set_name("Ann")
    assert note.text == ""
    app.scenes.pop()


@pytest.mark.parametrize("command", ["play", "host", "sim"])
def test_help_names_every_game_a_command_takes(command, capsys):
    # DESIGN D7: `witchhunt play --help` showed "game" with no word on what it takes
    from game.engine import GAMES

    with pytest.raises(SystemExit) as done:
        build_parser().parse_args([command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("game ") or ln.strip() == "game")
    shown = " ".join(out.split("positional arguments:")[1].split("options:")[0].split())
    assert "{games}" not in shown and all(game in shown for game in GAMES), (line, shown)
