"""Durability (docs/PROTOCOL.md §8): a host killed with SIGKILL at a random
moment never loses a state a client has seen. 50 games of the toy, each host a process
forked from a fork server (cheap), killed at a random point; then ``Host.resume`` on its
save must hold every state a client saw, with the same history (the view each client
saw last equals the resumed game's replay to that state)."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time

import pytest

from game.engine import SaveError
from game.net.client import CONNECTED, BotClient
from game.net.host import Host
from tests.net import durability_host
from tests.net.helpers import wait_for
from tests.toygame import CountingGame

RUNS = 50


@pytest.fixture(scope="module")
def forkserver():
    if "forkserver" not in multiprocessing.get_all_start_methods():
        pytest.skip("needs the forkserver start method (POSIX)")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["tests.net.durability_host"])
    return ctx


def _last_seen(client: BotClient) -> tuple[int, dict] | None:
    updates = [m for m in client.received if m.get("type") == "update"]
    if not updates:
        return None
    view = updates[-1]["view"]
    return view["state_id"], view


@pytest.mark.slow(seconds=11)
def test_sigkilled_host_resumes_with_every_state_a_client_saw(forkserver, counting_game, tmp_path):
    rng = random.Random(1692)
    checked = killed_mid_game = 0
    for run in range(RUNS):
        save = tmp_path / f"run{run}.witchhunt.json"
        ports = forkserver.Queue()
        proc = forkserver.Process(target=durability_host.serve, args=(str(save), run, ports), daemon=True)
        proc.start()
        clients = []
        try:
            port = ports.get(timeout=20)
            for i in range(2):
                client = BotClient(seed=run * 10 + i, record=True, backoff_start=5.0)
                client.connect("127.0.0.1", port, f"P{i}")
                clients.append(client)
            wait_for(lambda clients=clients: all(c.view is not None for c in clients), what="the game to start")
            time.sleep(rng.uniform(0.0, 0.06))  # then SIGKILL at a random point of the game
            os.kill(proc.pid, signal.SIGKILL)
            proc.join(10)
            wait_for(
                lambda clients=clients: all(c.status != CONNECTED for c in clients),
                what="the clients to see the host die",
            )
        finally:
            for client in clients:
                client.close()
            if proc.is_alive():
                proc.kill()
        seen = [(c.seat, _last_seen(c)) for c in clients]
        seen = [(seat, last) for seat, last in seen if last is not None]
        if not seen:
            continue  # killed before the game started: nobody saw anything
        try:
            resumed = Host.resume(save).match
        except SaveError as exc:
            raise AssertionError(
                f"run {run}: clients saw states {[s[1][0] for s in seen]}, but nothing can be resumed: {exc}"
            ) from None
        for seat, (sid, view) in seen:
            assert resumed.state_id >= sid, f"run {run}: seat {seat} saw state {sid}, resumed at {resumed.state_id}"
            replay = CountingGame.replay(resumed.players, resumed.seed, resumed.options, resumed.commands[:sid])
            assert replay.view(seat) == view, f"run {run}: seat {seat}'s state {sid} is not the resumed history"
        checked += 1
        killed_mid_game += not resumed.over
    print(f"\n{RUNS} SIGKILLs: {checked} checked, {killed_mid_game} of them mid-game")
    assert checked == RUNS and killed_mid_game >= RUNS // 5
