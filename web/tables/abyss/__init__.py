"""Abyss's table: see table.py for its hooks."""
