"""LAN play on the desktop: "Host a game", "Join a game", the lobby,
and :class:`LanSession`, the TableSource (``game.ui.session``) of a networked table.

The host's own player goes through the same path as everyone else (DESIGN D4): the
desktop host starts a :class:`game.net.host.Host` in a background thread and joins it
over loopback with the seat-0 token the host reserved for it. The screen only ever
shows what the host sent to this connection: ``view(seat)`` of our own seat.

All network work happens on the client's thread; the scenes read ``client.poll()``
from an app task and never block, except :meth:`LanSession.submit`, which waits up
to a second for the host's answer so a refused move snaps back with the rules' words.

In a sandbox (``WITCHHUNT_DISCOVERY_ADDR`` set, as in tests) the host listens on that
address only; otherwise on every interface, so others on the LAN can join.

The package: ``session`` (LanSession; the scenes "host_gone" and "lan_game_over"),
``lobby`` (the scene "lobby"; client_session, a joined client's LanSession), ``forms``
(the scenes "host", "join" and "resumed_lobby", the lobby of a game this desktop
hosted, hosted again from Continue; start_hosted_lobby). The command line's ``witchhunt host``
and ``witchhunt join`` windows are opened by ``game.ui.app`` (run_host_ui,
open_lan_client), which builds the app these scenes live in.
"""

from game.ui.scenes.lan.forms import HostScene, JoinScene, start_hosted_lobby
from game.ui.scenes.lan.lobby import LobbyScene, client_session
from game.ui.scenes.lan.session import (
    GAME_OVER_PAUSE,
    HOST_GONE_AFTER,
    HOST_GONE_AGAIN,
    MAX_TALK,
    SUBMIT_WAIT,
    WAKE_EVENT,
    HostGoneScene,
    LanGameOverScene,
    LanSession,
    host_bind_address,
    new_client,
)

__all__ = [
    "GAME_OVER_PAUSE",
    "HOST_GONE_AFTER",
    "HOST_GONE_AGAIN",
    "MAX_TALK",
    "SUBMIT_WAIT",
    "WAKE_EVENT",
    "HostGoneScene",
    "LanGameOverScene",
    "LanSession",
    "host_bind_address",
    "new_client",
    "LobbyScene",
    "client_session",
    "HostScene",
    "JoinScene",
    "start_hosted_lobby",
]
