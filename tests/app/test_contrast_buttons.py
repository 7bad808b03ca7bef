"""A lesson's run buttons reach 4.5:1 in both themes, also while a button waits for a prediction
(Textual fades a disabled button to about 2.5:1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelp import wait_until
from contrast import THEMES, illegible_cells
from textual.widgets import Button

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("theme", THEMES)
async def test_waiting_run_buttons_are_legible(home, monkeypatch, theme):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.tutorapp import TutorApp

    app = TutorApp(home=home, target=("lesson", "6.1"), warm=False)
    async with app.run_test(size=(120, 36)) as pilot:
        app.theme = theme
        scr = app.screen
        await wait_until(pilot, lambda: scr.complete, timeout=30)
        waiting = [b for b in scr.query(".run-button").results(Button) if b.disabled]
        assert waiting, "lesson 6.1 has no block waiting for a prediction"
        waiting[0].scroll_visible(animate=False)
        await pilot.pause()
        bad = [p for p in illegible_cells(app) if "Button" in p]
        assert not bad, "\n".join(bad)
