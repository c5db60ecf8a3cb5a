"""Witchhunt Table: a desktop table for witch-hunt card games."""

from __future__ import annotations

__version__ = "0.1.0"
