"""The app's screens other than a table: home, new game, settings, rules, history
and records, and the frame around every screen. Pure functions of a
:class:`~web.ui.session.Session`; they reach a game's table only through the registry."""
