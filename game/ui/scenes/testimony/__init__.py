"""The Testimony table as a package of panels on the shared TableScene (see ``table``)."""
