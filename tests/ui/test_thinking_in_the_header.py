"""A bot's "thinking…" shows in its seat's header and hides nothing there.

It used to be a pill laid over the seat's top-right corner, which at a 1280x720 screen's
window (1264x648) or at 1024x640 covered what lay under it: Testimony's "In hand" line,
a Witch Trial seat's "to act", a Hammer seat's VP and hand, a Salem name. The seat now
makes room for it in its header: only the header band changes while the bot thinks, and
what a Hammer header shows on its right (hand, VP) stays where it was."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from game.bots.base import RandomBot
from game.engine import new_match
from game.ui.tables import load_tables
from tests.ui.table_source import MatchTableSource, open_table_scene, table_app

NAMES = ["Bartholomew", "Wilhelmina", "Maximilian", "Konstantin", "Evangeline"]
THINKER = 1
#: the header band: the top of a seat panel its name row lies in (share of its height)
BAND = 0.22


@pytest.fixture(scope="module")
def app():
    yield from table_app((1280, 720))


class Thinking(MatchTableSource):
    def __init__(self, match, seat, thinker):
        super().__init__(match, seat)
        self.thinker = thinker

    def thinking_seat(self):
        return self.thinker


def seat_picture(app, game, players, steps, size, thinker):
    app.set_window_size(size)
    m = new_match(game, NAMES[:players], seed=7)
    bots = {s: RandomBot(7 + s, pass_bias=0.6) for s in range(players)}
    for _ in range(steps):
        if m.over:
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    table = open_table_scene(app, load_tables()[game], Thinking(m, 0, thinker), frames=1)
    table.sync(force=True)
    table.draw(app.screen)
    zone = table.seat_zone(THINKER)
    return zone, app.screen.subsurface(zone).copy(), table


@pytest.mark.parametrize("size", [(1024, 640), (1264, 648)])
@pytest.mark.parametrize(
    "game,players,steps", [("testimony", 5, 30), ("witch_trial", 4, 20), ("hammer", 4, 20), ("salem", 6, 20)]
)
def test_only_the_header_changes_while_a_bot_thinks(app, game, players, steps, size):
    zone, calm, _ = seat_picture(app, game, players, steps, size, None)
    zone2, busy, table = seat_picture(app, game, players, steps, size, THINKER)
    assert zone == zone2
    changed = [
        (x, y) for y in range(zone.h) for x in range(zone.w) if calm.get_at((x, y))[:3] != busy.get_at((x, y))[:3]
    ]
    assert changed, "nothing shows the bot thinking"
    lowest = max(y for _, y in changed)
    assert lowest < zone.h * BAND, f"{game}: 'thinking…' reaches {lowest} px down a {zone.h} px seat"
    if game == "hammer":  # its header's right end (the hand's backs and "N VP": 60 px at 1024x640) stays
        right = max(x for x, _ in changed)
        assert right < zone.w - 60, f"the pill reaches {right} of {zone.w}"
