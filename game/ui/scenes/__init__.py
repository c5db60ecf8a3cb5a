"""The scenes of the desktop table: menu, new game, table scenes, curtain, game over …"""
