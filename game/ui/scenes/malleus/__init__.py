"""The Malleus Maleficarum table as a package of panels (see ``table.py``)."""
