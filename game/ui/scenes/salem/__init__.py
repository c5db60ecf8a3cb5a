"""The Salem 1692 table: a package of panels on the shared TableScene (see table.py)."""
