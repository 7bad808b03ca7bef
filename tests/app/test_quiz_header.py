"""A quiz's header names it once: the quiz's own title already says it is a quiz ("Chapter 6
quiz: …", "第 6 章测验:…"), in both languages, on the real course."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelp import settle, wait_until
from screentext import screen_text

ROOT = Path(__file__).resolve().parents[2]
WORD = {"en": "quiz", "zh": "测验"}


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_quiz_header_says_quiz_once(home, monkeypatch, lang):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.tutorapp import TutorApp
    from tutor.words import catalog

    catalog.set_lang(lang)  # as --lang does (the suite's fixture sets it back)
    app = TutorApp(home=home, target=("quiz", "6"), warm=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "QuizScreen")
        await settle(pilot)
        header = screen_text(app).split("\n")[0]
        title = app.course.quiz("6").title
        assert title in header, header
        assert header.lower().count(WORD[lang]) == 1, header
