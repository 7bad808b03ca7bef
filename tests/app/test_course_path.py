"""One course order, the map's, behind every "next" and "previous": `n` and `p` in a lesson,
Ctrl+N in an exercise. Leaving a page with `n` counts as reading it; Esc walks back the places the
learner came from (an exercise returns to the page that opened it), then to the map."""

from __future__ import annotations

from apphelp import SIZE, passed_result, run_to_verdict, wait_until
from screentext import screen_text

from tutor import paths
from tutor.application.progress import course_items


async def test_n_from_the_real_lesson_6_1_opens_the_next_map_item_and_marks_it_read(
    home, monkeypatch, fake_runner
):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(paths.package_dir().parent))
    from tutor.app.tutorapp import TutorApp

    app = TutorApp(home=home, target=("lesson", "6.1"), runner=fake_runner, warm=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "lesson_id", None) == "6.1")
        items = course_items(app.course)
        keys = [i.key for i in items]
        after = items[keys.index(("lesson", "6.1")) + 1]
        await pilot.press("n")  # at the top of the page
        await wait_until(
            pilot,
            lambda: app.places.place == ("exercise", after.id) or app.places.place == after.key,
        )
        assert app.session.progress().lesson_done("6.1")
        await pilot.press("f2")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HomeScreen")
        await pilot.pause()
        rows = [row for row in screen_text(app).split("\n") if "课 6.1 " in row]
        assert rows and "✓" in rows[0], rows


async def test_n_p_and_ctrl_n_follow_the_map_and_esc_returns(make_app, fake_runner):
    fake_runner.push(passed_result())
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "lesson_id", None) == "6.1")
        keys = [
            ("exercise" if i.kind == "repair" else i.kind, i.id) for i in course_items(app.course)
        ]
        await pilot.press("n")
        await wait_until(pilot, lambda: app.places.place == keys[1])
        await pilot.press("p")
        await wait_until(pilot, lambda: app.places.place == keys[0])
        app.open_link("exercise:6.1")  # a link in the page
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
        await pilot.pause()
        await run_to_verdict(pilot)
        await pilot.press("ctrl+n")  # after a pass: the item after 6.1 on the map
        after = keys[keys.index(("exercise", "6.1")) + 1]
        await wait_until(pilot, lambda: app.places.place == after)
        assert after[1] != "6.1"
        # Esc walks back the way the learner came: exercise 6.1, the lesson that linked it,
        # 6.2 (where `p` was pressed), 6.1 (where `n` was pressed), then the map
        for place in [("exercise", "6.1"), keys[0], keys[1], keys[0]]:
            await pilot.press("escape")
            await wait_until(pilot, lambda place=place: app.places.place == place)
            await pilot.pause()
        await pilot.press("escape")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HomeScreen")
        assert app.places.place is None and not app.places.earlier
