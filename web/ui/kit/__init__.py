"""Shared UI pieces every table and screen may draw: the frame and sheets
(``frame``), the hand-off screen (``handoff``), the Hint (``hint``), the final
ranking (``scores``). The kit never imports a game."""
