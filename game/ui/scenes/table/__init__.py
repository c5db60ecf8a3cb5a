"""The panels every table scene shares, mixed into
:class:`game.ui.scenes.table_base.TableScene` (see that module's docstring); import
names from ``game.ui.scenes.table_base``."""
