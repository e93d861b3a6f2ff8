"""Placeholder entry point (the UI issue replaces it): a home listing the games.

PyScript runs this file as ``__main__``. The contract it keeps (README, "Developer
contract"): render into ``#app``, then set ``data-ready`` on ``<html>``.
"""

import html

import js

import engine

items = "".join(
    f'<li><button type="button" data-game="{html.escape(game_id)}">'
    f"{html.escape(game_id.replace('_', ' ').title())}</button></li>"
    for game_id in engine.GAMES
)
js.document.getElementById("app").innerHTML = (
    f'<h1>Tapete</h1><ul class="games">{items}</ul>'
    if items
    else "<h1>Tapete</h1><p>No games yet.</p>"
)
js.document.documentElement.setAttribute("data-ready", "")
