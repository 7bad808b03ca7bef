"""The app in a real terminal: `jaxtutor exercise 6.1` inside tmux — type a solution, run it,
read the verdict off the screen, quit. Skipped cleanly when tmux (or the installed command) is
missing."""

from __future__ import annotations

import re
import time

from tmuxterm import REAL_TERMINAL, TmuxTerm, learner_env

pytestmark = REAL_TERMINAL


def test_exercise_in_real_terminal(tmp_path, content):
    home = tmp_path / "home"
    (home / "work").mkdir(parents=True)
    draft = home / "work" / "6.1.py"
    draft.write_text("", encoding="utf-8")  # an empty draft: the test types everything
    editor = tmp_path / "fake-editor"  # "open in $EDITOR": appends a line and exits
    editor.write_text('#!/bin/sh\nprintf "\\n# edited outside\\n" >> "$1"\n', encoding="utf-8")
    editor.chmod(0o755)
    env_args = learner_env(home, content, f"EDITOR={editor}", "VISUAL=")
    with TmuxTerm((120, 36), env_args, "exercise 6.1") as term:
        term.wait_for("运行检查", 30)  # the key bar: the workspace is up
        term.type("def update_counter(count, increment):")
        term.keys("Enter")
        term.type("return count + 1, increment")
        term.wait_for("return count + 1, increment", 10)
        deadline = time.monotonic() + 5
        while "return count + 1" not in draft.read_text(encoding="utf-8"):  # autosaved
            assert time.monotonic() < deadline, "the draft was not autosaved"
            time.sleep(0.1)
        assert (
            draft.read_text(encoding="utf-8")
            == "def update_counter(count, increment):\n    return count + 1, increment"
        )
        term.keys("C-r")
        screen = term.wait_for("个检查通过", 120)
        assert "通过 ·" in screen
        term.keys("C-o")  # suspends the app, runs $EDITOR, reloads
        term.wait_for("# edited outside", 15)
        assert draft.read_text(encoding="utf-8").endswith("# edited outside\n")
        term.keys("C-q")
        term.wait_for("EXITED-0", 15)
    from tutor.storage.store import Store

    store = Store(home)
    assert store.exercise_status("6.1") == "passed"
    store.close()


def test_closing_the_terminal_right_after_a_keystroke_loses_nothing(tmp_path, content):
    """The terminal goes away (SIGHUP) as soon as the typed text shows, well before the autosave
    would run: the app saves on the signal."""
    home = tmp_path / "home"
    (home / "work").mkdir(parents=True)
    draft = home / "work" / "6.1.py"
    draft.write_text("", encoding="utf-8")
    env_args = learner_env(home, content)
    # leaving the block kills the server, which closes the pty: the app gets SIGHUP
    with TmuxTerm((120, 36), env_args, "exercise 6.1", linger=False) as term:
        term.wait_for("运行检查", 30)
        term.type("typed_before_the_end = 42")
        term.wait_for("typed_before_the_end = 42", 10)
    deadline = time.monotonic() + 10
    while "typed_before_the_end = 42" not in draft.read_text(encoding="utf-8"):
        assert time.monotonic() < deadline, f"lost: {draft.read_text(encoding='utf-8')!r}"
        time.sleep(0.1)


def test_fix_it_yourself_from_a_lesson_in_real_terminal(tmp_path, content):
    """Lesson 6.2 → select its ❌ example → `x` opens the repair exercise → type the fix over the
    broken starter (select all, F7) → Ctrl+R runs the real checks → a pass on the screen and in the
    store."""
    home = tmp_path / "home"
    env_args = learner_env(home, content)
    with TmuxTerm((120, 36), env_args, "lesson 6.2") as term:
        term.wait_for("状态进、状态出", 30)
        for _ in range(6):  # j moves the selection down; it stops at the last example
            term.keys("j")
        # the ❌ example selected, its repair offered
        term.wait_until(
            lambda screen: any(
                "◆ 当前示例" in line and "动手修复 6.2-fix1" in line for line in screen.split("\n")
            ),
            15,
            "the repair of the ❌ example",
        )
        term.keys("x")
        term.wait_for("运行检查", 30)  # the repair workspace is up, the editor focused
        # the statement quotes `grid[i] = value` too: wait for a line only the editor shows (its
        # draft is loaded after the first frame; keys sent before would land in an empty editor)
        term.wait_for("NumPy 的习惯写法", 30)
        draft_file = home / "work" / "6.2-fix1.py"
        # the workspace has its draft on disk and the screen is still (late widgets drawn)
        term.wait_until(lambda _: draft_file.is_file(), 30, "the repair's draft on disk")
        term.settled()
        fixed = "def mark(grid, i, value):\n    return grid.at[i].set(value)"
        # Keys sent while the workspace is still moving focus on a cold start can land elsewhere;
        # the behaviour under test is the repair, so type a corrected definition at the end of the
        # draft (the last definition is the one that counts; Ctrl+End: the draft's end, past its
        # final newline) until the draft ends with it.
        for _attempt in range(4):
            term.keys("C-End")
            term.type("def mark(grid, i, value):")
            term.keys("Enter")
            term.type("return grid.at[i].set(value)")
            deadline = time.monotonic() + 10
            while (
                not draft_file.read_text(encoding="utf-8").endswith(fixed)
                and time.monotonic() < deadline
            ):
                time.sleep(0.2)
            if draft_file.read_text(encoding="utf-8").endswith(fixed):
                break
        assert draft_file.read_text(encoding="utf-8").endswith(fixed), (
            f"draft: {draft_file.read_text(encoding='utf-8')!r}\n{term.screen()}"
        )
        term.keys("C-r")
        screen = term.wait_for("个检查通过", 120)
        assert re.search(r"(?<!未)通过 · (\d+)/\1 个检查通过", screen), screen
        term.keys("C-q")
        term.wait_for("EXITED-0", 15)
    from tutor.storage.store import Store

    store = Store(home)
    assert store.exercise_status("6.2-fix1") == "passed"
    store.close()


def test_a_1_mb_draft_is_plain_text_and_what_is_typed_shows_and_is_saved(tmp_path, content):
    """A 1 MB draft of comment lines (Textual's highlighter is quadratic on them): the workspace
    comes up as plain text, saying so, and what is typed shows and is saved."""
    home = tmp_path / "home"
    (home / "work").mkdir(parents=True)
    draft = home / "work" / "6.1.py"
    line = "# a comment line, as a learner's notes might fill a file\n"
    draft.write_text(line * (1_000_000 // len(line)), encoding="utf-8")
    env_args = learner_env(home, content)
    with TmuxTerm((120, 36), env_args, "exercise 6.1") as term:
        term.wait_for("运行检查", 30)  # the key bar: the workspace is up
        # what keeps typing fast in it: the draft is shown as plain text, and the screen says so
        term.wait_for("不做语法高亮", 30)
        for word in ("alpha_", "beta_", "gamma_"):
            term.type(word)
            term.wait_for(word, 30)  # each word shows before the next is typed
        term.wait_for("alpha_beta_gamma_#", 10)
        deadline = time.monotonic() + 10
        while not draft.read_text(encoding="utf-8").startswith("alpha_beta_gamma_#"):
            assert time.monotonic() < deadline, "the draft was not autosaved"
            time.sleep(0.1)
        term.keys("C-q")
        term.wait_for("EXITED-0", 15)


def test_alt_z_toggles_wrap_and_leaves_the_draft_alone(tmp_path, content):
    """tmux sends Alt+Z as ESC z: it turns soft wrap on and off, and no `z` reaches the draft
    (the text typed after it lands at the start, where the cursor was)."""
    from tutor.words.catalog import t

    home = tmp_path / "home"
    (home / "work").mkdir(parents=True)
    draft = home / "work" / "6.1.py"
    text = "def update_counter(count, increment):\n    return count + 1, increment\n"
    draft.write_text(text, encoding="utf-8")
    env_args = learner_env(home, content)
    with TmuxTerm((120, 36), env_args, "exercise 6.1") as term:
        term.wait_for(" ^n ", 30)  # the editor has the keys: next is Ctrl+N in the footer
        term.keys("M-z")
        term.wait_for(t("app.editor.wrap_on").split("(")[0], 10)
        term.keys("M-z")
        term.wait_for(t("app.editor.wrap_off").split("(")[0], 10)
        term.type("ok")
        deadline = time.monotonic() + 10
        while draft.read_text(encoding="utf-8") == text:  # autosaved
            assert time.monotonic() < deadline, "the draft was not autosaved"
            time.sleep(0.1)
        assert draft.read_text(encoding="utf-8") == "ok" + text
        term.keys("C-q")
        term.wait_for("EXITED-0", 15)
