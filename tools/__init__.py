"""Tapete's build, dev server and test harnesses (not shipped)."""
