"""The Hammer of the Witches table as a package of panels; the scene is ``table.HammerTableScene``."""
