"""Practice inside a lesson page: predict-then-run blocks, the selected example (`r`, j/k), the
"fix it yourself" key, a page read only once its end was on the screen, and the progress screen's
calibration and repair counts."""

from __future__ import annotations

from apphelp import SIZE, select_block, wait_until
from screentext import screen_text

from tutor.protocol.result import RunResult, Status


def _blocks(app):
    from tutor.app.runblock import RunBlock

    return list(app.screen.query(RunBlock).results(RunBlock))


async def _open_lesson(pilot, app, lesson_id="6.2"):
    await pilot.pause()
    if getattr(app.screen, "lesson_id", None) != lesson_id:
        app.open_item("lesson", lesson_id)
    await wait_until(
        pilot, lambda: getattr(app.screen, "lesson_id", None) == lesson_id and app.screen.complete
    )
    await pilot.pause()


async def test_a_prediction_is_asked_before_the_block_runs(make_app, fake_runner):
    fake_runner.push(RunResult(exercise="6.2#2", status=Status.PASSED, stdout="长度 3\n"))
    fake_runner.push(RunResult(exercise="6.2#2", status=Status.PASSED, stdout="长度 3\n"))
    app = make_app(target=("lesson", "6.2"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await _open_lesson(pilot, app)
        block = _blocks(app)[1]
        assert block.prediction is not None and block.awaiting_prediction
        block.scroll_visible(animate=False)
        await pilot.pause()
        await select_block(pilot, block)
        text = screen_text(app)
        assert "这段代码打印的长度是多少" in text and " b) 3" in text
        await pilot.press("r")  # not yet: the question comes first
        await pilot.pause()
        assert not fake_runner.jobs and block.result is None
        await pilot.press("a")  # a wrong guess, the first one: it counts
        await wait_until(pilot, lambda: block.result is not None)
        await pilot.pause()
        assert len(fake_runner.jobs) == 1
        shown = str(block.query_one(".run-output").render())
        assert "没猜对,答案是 b) 3" in shown and "长度 3" in shown
        assert screen_text(app).count("你的预测:a) 2") == 1  # under the question, once
        assert "只算练习" not in shown
        progress = app.session.progress().chapter(app.course.chapter_by_id["6"])
        assert (progress.predictions_right, progress.predictions_made, progress.predictions) == (
            0,
            1,
            2,
        )
        app.open_item("lesson", "6.2")  # again, on a fresh page: practice now
        await _open_lesson(pilot, app)
        block = _blocks(app)[1]
        await select_block(pilot, block)
        await pilot.press("b")
        await wait_until(pilot, lambda: block.result is not None)
        await pilot.pause()
        shown = str(block.query_one(".run-output").render())
        assert "✓ 猜对了" in shown and "只算练习" in shown
        progress = app.session.progress().chapter(app.course.chapter_by_id["6"])
        assert (progress.predictions_right, progress.predictions_made) == (0, 1)


def _summing_lesson(make_app, fake_runner):
    """The fixture lesson 6.2, whose third example asks for the number it prints (3.5)."""
    fake_runner.push(RunResult(exercise="6.2#3", status=Status.PASSED, stdout="和 3.5\n"))
    return make_app(target=("lesson", "6.2"), runner=fake_runner)


async def _number_question(pilot, app):
    await _open_lesson(pilot, app)
    block = _blocks(app)[2]
    await select_block(pilot, block)
    return block


async def test_a_number_prediction_is_typed(make_app, fake_runner):
    app = _summing_lesson(make_app, fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        block = await _number_question(pilot, app)
        await pilot.press("r")  # focuses the number box
        await pilot.pause()
        box = block.query_one(".predict-input")
        assert app.focused is box and not fake_runner.jobs
        await pilot.press("x", "enter")  # not a number: refused, nothing recorded
        await pilot.pause()
        assert block.awaiting_prediction and not fake_runner.jobs
        box.value = ""
        await pilot.press("3", ".", "5", "enter")
        await wait_until(pilot, lambda: block.result is not None)
        shown = str(block.query_one(".run-output").render())
        assert "✓ 猜对了" in shown
        assert screen_text(app).count("你的预测:3.5") == 1  # under the question, once
        assert app.session.progress().chapter(app.course.chapter_by_id["6"]).predictions_right == 1


async def test_a_number_typed_ahead_of_the_answer_key_reaches_the_box(make_app, fake_runner):
    """`a`, the number and Enter in one burst (a fast typist, a paste, a busy machine): each key
    reaches the widget focused when the app reads it, so the box must have the focus as soon as
    `a` is read, not once the page has handled it. In the box, `a` is a letter typed."""
    from textual import events

    app = _summing_lesson(make_app, fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        block = await _number_question(pilot, app)
        box = block.query_one(".predict-input")
        for _ in range(2):
            app.post_message(events.Key("a", "a"))
        await wait_until(pilot, lambda: box.value == "a")  # the second one typed in the box
        assert app.focused is box and block.awaiting_prediction
        box.value = ""
        app.screen.set_focus(None)
        await pilot.pause()
        burst = [("a", "a"), ("3", "3"), ("full_stop", "."), ("5", "5"), ("enter", "\r")]
        for key, char in burst:
            app.post_message(events.Key(key, char))
        await wait_until(pilot, lambda: block.result is not None)
        assert screen_text(app).count("你的预测:3.5") == 1
        assert app.session.progress().chapter(app.course.chapter_by_id["6"]).predictions_right == 1


async def test_selection_moves_between_examples_and_r_runs_the_selected_one(make_app, fake_runner):
    fake_runner.push(RunResult(exercise="6.2#4", status=Status.PASSED, stdout="[0, 2]\n"))
    app = make_app(target=("lesson", "6.2"), runner=fake_runner)
    async with app.run_test(size=(100, 20)) as pilot:
        await _open_lesson(pilot, app)
        blocks = _blocks(app)
        assert app.screen.current_block() is blocks[0]  # the one most in view
        for _ in range(3):
            await pilot.press("j")
        await pilot.pause()
        assert app.screen.selected is blocks[3] and blocks[3].has_class("-selected")
        assert not any(b.has_class("-selected") for b in blocks[:3])
        assert "◆ 当前示例" in screen_text(app)
        await pilot.press("r")
        await wait_until(pilot, lambda: blocks[3].result is not None)
        assert "grid[1] = 2" in fake_runner.jobs[0].code
        await pilot.press("k")
        await pilot.pause()
        assert app.screen.selected is blocks[2]


async def test_fix_it_yourself_opens_the_repair_exercise(make_app):
    app = make_app(target=("lesson", "6.2"))
    async with app.run_test(size=SIZE) as pilot:
        await _open_lesson(pilot, app)
        blocks = _blocks(app)
        assert [b.repair for b in blocks] == [None, None, None, "6.2-fix1"]
        await select_block(pilot, blocks[0])
        await pilot.pause()
        assert "动手修复" not in str(app.screen.query_one("KeyBar").render())
        await pilot.press("x")  # no repair after this block
        await pilot.pause()
        assert type(app.screen).__name__ == "LessonScreen"
        await select_block(pilot, blocks[3])
        await pilot.pause()
        assert "动手修复" in str(app.screen.query_one("KeyBar").render())
        await pilot.press("x")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
        assert app.screen.exercise_id == "6.2-fix1"


async def test_the_map_lists_repairs_under_their_lesson(make_app):
    app = make_app(target=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        lines = screen_text(app).split("\n")
        n_lesson = next(n for n, line in enumerate(lines) if "课 6.2" in line)
        assert "↳" in lines[n_lesson + 1] and "修复练习 6.2-fix1" in lines[n_lesson + 1]
        assert "↳" in lines[n_lesson + 2] and "练习 6.1" in lines[n_lesson + 2]  # warm-up first


async def test_a_long_page_is_read_only_once_its_end_was_on_the_screen(make_app):
    app = make_app(target=("lesson", "6.2"))
    async with app.run_test(size=(100, 16)) as pilot:
        await _open_lesson(pilot, app)
        page = app.screen.page
        # each scroll makes the screen look for the page's end at once; two looks that see it
        # record the page as read
        for line in (1, 2):
            await pilot.press("down")
            await wait_until(pilot, lambda line=line: page.scroll_y >= line)
        await pilot.pause()
        assert page.max_scroll_y - page.scroll_y > 1  # the end is still below the screen
        assert app.session.lessons_read() == set()
        await pilot.press("end")
        await wait_until(pilot, lambda: app.session.lessons_read() == {"6.2"})


async def test_progress_shows_calibration_and_repairs(make_app):
    app = make_app(target=None)
    app_session_predict = None
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app_session_predict = app.session.predict
        line = next(iter(app.course.lesson("6.2").predictions))
        app_session_predict("6.2", line, "B")
        await pilot.press("f3")
        await pilot.pause()
        text = screen_text(app)
        assert "预测 猜对 1/1(共 2 处)" in text
        assert "修复练习 0/1(额外练习)" in text
        assert "6.2-fix1" in text


async def test_the_footer_names_the_answer_keys_of_the_question_asked(make_app):
    """Three options: a–c; a number: typed in its box, which `a` puts the cursor in."""
    from tutor.app.keybar import KeyBar
    from tutor.words.catalog import t

    app = make_app(target=("lesson", "6.2"))
    async with app.run_test(size=SIZE) as pilot:
        await _open_lesson(pilot, app)
        bar = app.screen.query_one(KeyBar)
        choice, number = _blocks(app)[1], _blocks(app)[2]
        await select_block(pilot, choice)
        await wait_until(pilot, lambda: ("a–c", t("app.key.predict")) in bar.items)
        await select_block(pilot, number)
        await wait_until(pilot, lambda: ("a", t("app.key.predict_number")) in bar.items)
        assert not [key for key, _ in bar.items if key.startswith("a–")], bar.items
        await pilot.press("a")
        await wait_until(pilot, lambda: app.focused is number.query_one(".predict-input"))
