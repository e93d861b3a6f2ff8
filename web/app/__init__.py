"""The controller and mid end: App (a tap, a move, a bot's turn, records), the timers, the
frame a page gets, the registry of games. Imports web.core, web.ui and web.tables."""
