"""Carta robada's table: see table.py for its hooks."""
