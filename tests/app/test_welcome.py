"""The welcome page leads in: at 80×24 the start button is on the screen without scrolling and
has the focus (Enter starts chapter 0, the first in course order), the footer offers no key for
examples the page does not have, and the page says where an exercise's results really are."""

from __future__ import annotations

from apphelp import wait_until
from screentext import screen_text

from tutor import paths

ROOT = paths.package_dir().parent


async def test_the_welcome_page_starts_the_course_with_enter(home, monkeypatch, fake_runner):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.tutorapp import TutorApp
    from tutor.application.progress import chapter_items

    app = TutorApp(home=home, target=None, runner=fake_runner, warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.screen.query("#welcome-start"))
        await pilot.pause()
        button = app.screen.query_one("#welcome-start")
        assert app.screen.focused is button
        top, bottom = button.region.y, button.region.bottom
        assert 0 < top and bottom <= 23, (top, bottom)  # above the key bar, no scrolling
        text = screen_text(app)
        assert "开始第 0 章" in text
        keys = text.rstrip("\n").split("\n")[-1]
        assert "运行示例" not in keys and "选示例" not in keys and "试验场" not in keys, keys
        first = chapter_items(app.course.chapters[0])[0]
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.places.place == (first.kind, first.id))


def test_the_welcome_page_says_where_results_are():
    """Results sit under the editor from 120 columns (tutor/app/exercise_layout.py), never on
    the right of it."""
    text = (ROOT / "lessons" / "welcome.md").read_text(encoding="utf-8")
    assert "右边是检查结果" not in text
    assert "下面是检查结果" in text and "F6" in text
