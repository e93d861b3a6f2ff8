"""One package per game's table (``web/tables/<game>/``): ``table.py`` holds its
:class:`~web.ui.table_ui.TableUI` subclass, ``state.py`` its UI state, ``draw.py`` its
screen. Only :mod:`web.app.registry` imports them."""
