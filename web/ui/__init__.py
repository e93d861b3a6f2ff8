"""Drawing: the kit every table and screen shares, the TableUI protocol and GameEntry, the
Session the screens read, the screens. Imports web.core only."""
