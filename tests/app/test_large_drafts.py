"""Large drafts: the editor highlights only drafts small enough to stay fast (Textual's highlighter
grows quadratically on comment lines), shows larger ones as plain text with a notice, and opens a
draft over the editable limit read-only, its beginning only, as plain text, so that the app's time
to show the exercise and its memory do not depend on the draft's size."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import textwrap

from apphelp import SIZE, wait_until

from tutor.app.editor import HIGHLIGHT_MAX_LINES
from tutor.storage import drafts

COMMENTS = "# a comment line, as a learner's notes might fill a file\n"

SHOW_HUGE_DRAFT = textwrap.dedent(
    """
    import asyncio, json, sys
    import psutil
    from tutor.app.tutorapp import TutorApp

    async def main():
        app = TutorApp(home=sys.argv[1], target=("exercise", "6.1"), warm=False)
        async with app.run_test(size=(120, 40)) as pilot:
            while not app.screen.query("#editor"):
                await pilot.pause(0.02)
            scr = app.screen
            while not scr.sync.watching.is_set():
                await pilot.pause(0.05)
            # the outside-edit check looks at the 50 MB file once more: still too large to edit
            change = scr.sync.check_outside()
            assert change is not None and change.error is not None, change
            await pilot.pause()  # the screen has taken the change
            editor = scr.query_one("#editor")
            print(json.dumps({
                "highlighted": editor.is_syntax_aware,
                "rss_mb": psutil.Process().memory_info().rss / 2**20,
                "read_only": editor.read_only,
                "chars": len(editor.text),
                "status": str(scr.query_one("#editor-status").render()),
            }))

    asyncio.run(main())
    """
)


def _cap_memory():  # old code grew to many GB on such a draft: fail fast instead
    resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))


def test_a_50_mb_draft_shows_its_beginning_as_plain_text_in_bounded_memory(content, home):
    draft = home / "work" / "6.1.py"
    draft.parent.mkdir(parents=True)
    line = COMMENTS.encode()
    with open(draft, "wb") as fh:
        fh.write(line * (50_000_000 // len(line)))
    env = dict(os.environ, JAXTUTOR_CONTENT=str(content), JAXTUTOR_HOME=str(home))
    proc = subprocess.run(
        [sys.executable, "-c", SHOW_HUGE_DRAFT, str(home)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        preexec_fn=_cap_memory,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    assert not seen["highlighted"], seen  # what keeps it fast: no highlighter on it at all
    assert seen["rss_mb"] < 300, seen
    assert seen["read_only"] and 0 < seen["chars"] <= drafts.HEAD_BYTES, seen
    assert "50.0 MB" in seen["status"], seen
    assert draft.stat().st_size > 49_000_000  # never written back


async def test_a_long_draft_is_plain_text_with_a_notice_and_stays_editable(make_app, home):
    draft = home / "work" / "6.1.py"
    draft.parent.mkdir(parents=True)
    draft.write_text(COMMENTS * (HIGHLIGHT_MAX_LINES * 4), encoding="utf-8")
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query("#history")))
        scr = app.screen
        editor = scr.query_one("#editor")
        assert editor.language == "python" and not editor.is_syntax_aware
        status = str(scr.query_one("#editor-status").render())
        assert str(HIGHLIGHT_MAX_LINES) in status, status
        assert not editor.read_only
        await pilot.press("x", "=", "1")
        await wait_until(pilot, lambda: draft.read_text(encoding="utf-8").startswith("x=1#"))


async def test_an_edit_past_the_limit_turns_highlighting_off_in_place(make_app, home):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query("#history")))
        editor = app.screen.query_one("#editor")
        await wait_until(pilot, lambda: editor.is_syntax_aware)
        editor.move_cursor(editor.document.end)
        editor.insert(COMMENTS * HIGHLIGHT_MAX_LINES)  # a paste of many lines at the cursor
        await pilot.pause()
        assert not editor.is_syntax_aware
        assert editor.cursor_location[0] >= HIGHLIGHT_MAX_LINES  # the cursor stayed at the paste
        editor.load_text("x = 1\n")  # a small text again: highlighted again
        await pilot.pause()
        assert editor.is_syntax_aware
