"""What the app holds and reads, without drawing: the clock, storage shapes, languages, escaping,
the table model, players, counts. Imports nothing else of web/."""
