"""Every run shows how long it has run against its limit while it goes (one UI run lifecycle,
tutor/app/run_lifecycle.py): the exercise's checks, a lesson example, the playground and a quiz
verification. The counter is driven by a timer, so it moves while the worker stays silent."""

from __future__ import annotations

import re

from apphelp import SIZE, wait_until

from tutor.protocol.result import RunResult, Status

COUNTER = re.compile(r"(\d+\.\d) / (\d+)")
SILENT_S = 600.0  # the fake run says nothing until it is cancelled


def counter(widget) -> tuple[float, int] | None:
    """(elapsed, limit) as the widget shows them now, or None."""
    found = COUNTER.search(str(widget.render()))
    return (float(found[1]), int(found[2])) if found else None


async def assert_counts(pilot, widget, limit: float) -> None:
    """The counter shows the run's limit and moves past one second on its own."""
    await wait_until(pilot, lambda: counter(widget) is not None)
    assert counter(widget)[1] == round(limit)
    await wait_until(pilot, lambda: counter(widget)[0] >= 1.0, timeout=30)
    assert counter(widget)[1] == round(limit)


async def test_an_exercise_check_shows_elapsed_and_limit(make_app, fake_runner):
    fake_runner.push(RunResult(exercise="6.1", status=Status.PASSED), delay=SILENT_S)
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
        scr = app.screen
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.running)
        limit = app.course.exercise("6.1").time_limit
        await assert_counts(pilot, scr.results.verdict, limit)
        await pilot.press("escape")
        await wait_until(pilot, lambda: not scr.running)
        assert counter(scr.results.verdict) is None  # the verdict replaces the counter


async def test_a_lesson_example_shows_elapsed_and_limit(make_app, fake_runner):
    fake_runner.push(RunResult(exercise="6.1#1", status=Status.PASSED), delay=SILENT_S)
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query(".run-block")))
        await pilot.press("r")
        block = app.screen.query_one(".run-block")
        await wait_until(pilot, lambda: block.running)
        await assert_counts(pilot, block.query_one(".run-output"), block.block.timeout)
        await pilot.press("escape")
        await wait_until(pilot, lambda: block.result is not None)
        assert counter(block.query_one(".run-output")) is None


async def test_the_playground_shows_elapsed_and_limit(make_app, fake_runner):
    from tutor.app.playground_screen import open_playground
    from tutor.application.verdicts import PLAYGROUND_TIME_LIMIT_S

    fake_runner.push(RunResult(exercise="playground 6", status=Status.PASSED), delay=SILENT_S)
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        open_playground(app, "6")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "PlaygroundScreen")
        scr = app.screen
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.running)
        await assert_counts(pilot, scr.query_one("#pg-output"), PLAYGROUND_TIME_LIMIT_S)
        await pilot.press("escape")
        await wait_until(pilot, lambda: not scr.running)


async def test_a_quiz_verification_shows_elapsed_and_limit(make_app, fake_runner):
    fake_runner.push(RunResult(exercise="quiz 6/q2", status=Status.PASSED), delay=SILENT_S)
    app = make_app(target=("quiz", "6"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "QuizScreen")
        scr = app.screen
        await pilot.press("b")  # q1 answered
        await pilot.press("right_square_bracket")
        await wait_until(pilot, lambda: scr.question.id == "q2")
        await pilot.press("b")  # q2 answered: its verification appears
        await wait_until(pilot, lambda: bool(scr.query(".run-block")))
        block = scr.query_one(".run-block")
        await pilot.press("v")
        await wait_until(pilot, lambda: block.running)
        await assert_counts(pilot, block.query_one(".run-output"), block.block.timeout)
        block.cancel()
        await wait_until(pilot, lambda: block.result is not None)
