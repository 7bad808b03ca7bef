"""F6 moves the keyboard from pane to pane in every layout of the exercise workspace; side by
side the focused pane is marked, and after a run the arrows pick checks in the list."""

from __future__ import annotations

from apphelp import failed_result, run_to_verdict


async def test_f6_cycles_the_panes_side_by_side(make_app, fake_runner):
    fake_runner.push(failed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=(130, 36)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert scr.query_one("#ex-grid").has_class("-wide")
        assert scr.focused_pane() == "ex-center"
        await run_to_verdict(pilot)
        await pilot.press("f6")
        assert scr.focused_pane() == "ex-right"
        assert app.focused.id == "checks"  # the arrows now move in the check list
        await pilot.press("f6")
        assert scr.focused_pane() == "ex-left"
        await pilot.press("f6")
        assert scr.focused_pane() == "ex-center" and app.focused.id == "editor"


async def test_f6_skips_a_hidden_statement(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(130, 36)) as pilot:
        await pilot.pause()
        scr = app.screen
        await pilot.press("ctrl+b")  # hide the statement
        await pilot.press("f6")
        assert scr.focused_pane() == "ex-right"
        await pilot.press("f6")
        assert scr.focused_pane() == "ex-center"


async def test_the_focused_pane_is_marked(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(130, 36)) as pilot:
        await pilot.pause()
        scr = app.screen
        centre, right = scr.query_one("#ex-center"), scr.query_one("#ex-right")
        lit = centre.styles.border_left
        assert lit[0], "the focused pane has no border to light"
        await pilot.press("f6")
        await pilot.pause()
        assert right.styles.border_left != centre.styles.border_left
        assert right.styles.border_left == lit, "the focused pane's border is not the lit one"


async def test_side_by_side_the_panes_keep_their_size_through_runs_and_edits(make_app, fake_runner):
    """A run or an edit never resizes the editor or the results: a resize re-lays out and
    repaints the whole right half (a stall at every run), and would move text under the cursor."""
    fake_runner.push(failed_result())
    fake_runner.push(failed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=(130, 36)) as pilot:
        await pilot.pause()
        scr = app.screen

        def regions():
            return tuple(
                scr.query_one(f"#{pane}").region for pane in ("ex-left", "ex-center", "ex-right")
            )

        before = regions()
        assert before[1].height >= 14 and before[2].height >= 14  # both halves usable at 36 rows
        for _ in range(2):
            await run_to_verdict(pilot)
            assert regions() == before
            await pilot.press("end", "x")
            await pilot.pause()
            assert regions() == before
