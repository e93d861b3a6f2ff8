"""The dice game's table: see table.py for its hooks."""
