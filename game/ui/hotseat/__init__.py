"""The hot-seat session's parts, each with one job (``game.ui.session.HotseatSession``
applies the commands and hands each part what it needs):

* :mod:`~game.ui.hotseat.screen_policy` — who the screen shows (DESIGN D3): the curtain,
  holds, public moments, private reveals; a state machine over plain data;
* :mod:`~game.ui.hotseat.windows` — answer windows and blind windows in the public view,
  and the banner's "No answers";
* :mod:`~game.ui.hotseat.bots` — the bot seats and their paced moves
  (``game.bots.thinker.BotTurns``, shared with the LAN host);
* :mod:`~game.ui.hotseat.timers` — the seats' turn clocks and simple pauses;
* :mod:`~game.ui.hotseat.autosave` — what a hot-seat save keeps, written by
  ``game.saves.AutosaveWriter`` (shared with the LAN host);
* :mod:`~game.ui.hotseat.talk` — table talk (Testimony's claims).

Nothing here imports a scene or the app: the session puts scenes up and down.
"""
