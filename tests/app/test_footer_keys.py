"""Every key the footer shows works: on each screen (at 120×36; the exercise, lesson, quiz and
progress screens also at 80×24, the exercise and the lesson at 100×30), each shown key is pressed
on a fresh visit (or on a place the key before left exactly as a visit finds it) and something
observable must change (the screen, what it shows, or a notice). The exercise is also visited
after a failed run (its results and the diff's key) and the quiz on its summary (every question
answered). Ctrl+Q (ends the app) and Ctrl+O (hands the terminal to an outside editor) are left to
the tmux tests."""

from __future__ import annotations

import pytest
from apphelp import SIZE, failed_result, passed_result, record, wait_until
from screentext import notices, screen_text

LEFT_TO_TMUX = {"ctrl+q", "ctrl+o"}
PLACES = [
    ("map", None),
    ("welcome", ""),
    ("lesson", "6.2"),
    ("exercise", "6.1"),
    ("exercise-failed", "6.1"),  # after a failed run: the results, the diff's key
    ("quiz", "6"),
    ("quiz-summary", "6"),  # every question answered: the quiz opens on its summary
    ("progress", ""),
    ("cheatsheet", "6"),
]
# the screens whose footer changes most with the width (panes, tabs, wrapped rows), also at 80×24;
# the exercise and the lesson also at 100×30, the narrowest width at which they still show their
# panes side by side (the exercise's editor and results, the lesson's outline)
NARROWER = {
    (80, 24): ("exercise", "exercise-failed", "lesson", "quiz", "quiz-summary", "progress"),
    (100, 30): ("exercise", "exercise-failed", "lesson"),
}
CASES = [(*place, SIZE) for place in PLACES] + [
    (kind, item_id, size)
    for size, kinds in NARROWER.items()
    for kind, item_id in PLACES
    if kind in kinds
]


def shown_keys(app) -> list[str]:
    """The first key of every binding the footer shows (as KeyBar lists them)."""
    keys, seen = [], set()
    for _node, binding, enabled, _tip in app.screen.active_bindings.values():
        if binding.show and enabled and binding.action not in seen:
            seen.add(binding.action)
            keys.append(binding.key.split(",")[0].strip())
    return keys


async def _visit(pilot, app, kind, item_id):
    app.action_home()
    await pilot.pause()
    if kind == "quiz-summary":  # only the first answers count: answering again changes nothing
        for q in app.course.quiz(item_id).questions:
            if q.kind == "choice":
                app.session.answer_choice(item_id, q.id, q.answer)
            else:
                app.session.mark_open(item_id, q.id, True)
    if kind != "map":
        app.open_item(kind.split("-")[0], item_id)
    await wait_until(pilot, lambda: app.screen.is_mounted)
    if kind == "lesson":
        await wait_until(pilot, lambda: app.screen.complete)
    await pilot.pause()


def _state(app, place_state):
    """The screen, what it shows, and the notices on display: a notice that times out between
    two looks is no change a key made, so only a notice the first look lacked counts. The screen
    and its text are those of `place_state`, taken at the same moment (nothing ran in between)."""
    screen, shown, _focus = place_state
    return (screen, shown, {n.identity for n in notices(app)})


def _changed(before, app) -> bool:
    """Another screen, a new notice, or other text shown: the screen's text (a full redraw) is
    drawn only when the screen and the notices are the same as before."""
    screen, shown, noticed = before
    if id(app.screen) != screen or {n.identity for n in notices(app)} - noticed:
        return True
    return screen_text(app) != shown


def _place_state(app):
    """What the next key could depend on: the screen, what it shows and where the focus is."""
    return (id(app.screen), screen_text(app), id(app.focused))


@pytest.mark.parametrize(
    "kind,item_id,size", CASES, ids=[f"{c[0]}-{c[2][0]}x{c[2][1]}" for c in CASES]
)
async def test_every_key_the_footer_shows_works(make_app, fake_runner, home, kind, item_id, size):
    from tutor.storage.store import Store

    failing = kind == "exercise-failed"
    if failing:
        store = Store(home)
        record(store, failed_result())
        store.close()
    for _ in range(20):
        fake_runner.push(failed_result() if failing else passed_result(), delay=0.2)
    app = make_app(target=None, runner=fake_runner)
    async with app.run_test(size=size) as pilot:
        await _visit(pilot, app, kind, item_id)
        keys = [k for k in shown_keys(app) if k not in LEFT_TO_TMUX]
        assert keys
        dead, place, fresh, focus = [], app.screen, _place_state(app), app.focused
        now = fresh
        for key in keys:
            # a key that left the place as the visit found it (a dialog or a screen opened over it
            # and closed) needs no new visit before the next one: compared, not assumed. One that
            # only moved the focus has it put back, and the place is compared again.
            if now != fresh and app.screen is place and (focus is None or focus.is_attached):
                place.set_focus(focus)
                await pilot.pause()
                now = _place_state(app)
            if now != fresh:
                await _visit(pilot, app, kind, item_id)
                place, fresh, focus = app.screen, _place_state(app), app.focused
                now = fresh
            if key not in shown_keys(app):  # shown only in a state this fresh visit lacks
                continue
            before = _state(app, now)
            await pilot.press(key)
            try:
                await wait_until(pilot, lambda b=before: _changed(b, app), timeout=3)
            except AssertionError:
                dead.append(key)
            # a screen the key opened over the place (a dialog, help, search, the palette, the
            # progress or the cheat sheet) is closed; a place the key left is visited again
            while place in app.screen_stack and app.screen is not place:
                app.pop_screen()
                await pilot.pause()
            now = _place_state(app)  # the place as the next key finds it
        assert not dead, f"{kind} at {size}: keys shown that change nothing: {dead}"
