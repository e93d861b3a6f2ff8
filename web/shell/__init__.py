"""Page-bound glue: web/shell/main.py (events in, frames applied, one timer loop), the DOM,
focus, the device, the test hook, and the page's scripts. The top row."""
