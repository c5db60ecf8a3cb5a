"""The Witch Trial courtroom as a package of panels; the scene is ``table.WitchTrialTableScene``."""
