"""The one background autosave writer (game.saves.AutosaveWriter), used by the hot-seat
session and the LAN host: the snapshot is the state at the call, bursts coalesce, a
failing disk is reported and never raised (DESIGN D5)."""

from __future__ import annotations

from game.engine import new_match
from game.saves import AutosaveWriter, load_save


def test_the_snapshot_is_the_state_when_save_was_called(tmp_path):
    match = new_match("witch_trial", ["Ann", "Bob", "Cy"], seed=3)
    writer = AutosaveWriter()
    path = tmp_path / "a.witchhunt.json"
    writer.save(match, path, {"net": {"x": 1}}, kind="host")
    sid = match.state_id
    seat = match.to_act()[0]
    match.apply(seat, match.legal(seat)[0])  # after the call: not in the save
    assert writer.flush(10)
    loaded, extra = load_save(path)
    assert loaded.state_id == sid and extra == {"net": {"x": 1}}
    assert not writer.busy(path) and path in writer.written_at


def test_a_burst_of_saves_ends_with_the_newest(tmp_path):
    match = new_match("witch_trial", ["Ann", "Bob", "Cy"], seed=3)
    writer = AutosaveWriter()
    path = tmp_path / "b.witchhunt.json"
    for _ in range(20):
        seat = match.to_act()[0]
        match.apply(seat, match.legal(seat)[0])
        writer.save(match, path, {})
    assert writer.flush(10)
    assert load_save(path)[0].to_json() == match.to_json()
    assert writer.writes <= 20


def test_a_failing_disk_is_reported_not_raised(tmp_path):
    match = new_match("witch_trial", ["Ann", "Bob", "Cy"], seed=3)
    writer = AutosaveWriter()
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    path = blocker / "c.witchhunt.json"  # its folder is a file: cannot be written
    writer.save(match, path, {})
    assert writer.flush(10)
    assert "Autosave failed" in writer.errors[path]
