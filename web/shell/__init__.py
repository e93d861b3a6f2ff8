"""The app's two ends of the worker: web/shell/worker.py, the worker's Python entry
(events in, frames out, as JSON), and the page's scripts (web/shell/page.js applies
frames and owns the DOM, focus, storage and timers; sync.js, motion.js, sound.js,
said.js, phones.js, boot.js, clock.js). The top row."""
