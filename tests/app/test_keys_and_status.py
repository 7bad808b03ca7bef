"""The smaller things a learner reads around the work: the footer (whole keys with their words,
the documented ones shown), the help table (keys as people write them), the status line under
the editor (whole, and never describing an older state), Ctrl+O without $EDITOR, and a reset
that backs up only real work."""

from __future__ import annotations

import pytest
from apphelp import wait_until
from rich.cells import cell_len
from screentext import notices, screen_text

from tutor.app.editor import EditorStatus, external_editor_command
from tutor.app.keybar import KeyBar

# ---------------------------------------------------------------- footer


def _bar_texts(items) -> list[str]:
    """The footer as it reads with the first 1, 2, … items (each " key  words ")."""
    out, line = [], ""
    for key, words in items:
        line += f" {key}  {words} "
        out.append(line.rstrip())
    return out


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
@pytest.mark.parametrize("target", [None, ("lesson", "6.1"), ("exercise", "6.1"), ("quiz", "6")])
async def test_the_footer_shows_whole_keys_only(make_app, size, target):
    app = make_app(target=target)
    async with app.run_test(size=size) as pilot:
        if target is None:
            await pilot.press("f2")
        await wait_until(pilot, lambda: app.screen.query(KeyBar))
        bar = app.screen.query_one(KeyBar)
        await wait_until(pilot, lambda: bar.items)  # the bar fills after the first refresh
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1].rstrip()
        # what is shown is exactly the first few keys, each with its words: never a bare key
        assert footer in _bar_texts(bar.items), (footer, bar.items)
        assert not footer.endswith(tuple(f" {key}" for key, _words in bar.items))


async def test_the_footer_shows_the_documented_exercise_keys(make_app):
    """README: Ctrl+B hides the statement (wide layout); F6 switches panes below 100 columns,
    named by the pane it shows next (the exercise opens on its statement there)."""
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_until(pilot, lambda: any(bar.items for bar in app.screen.query(KeyBar)))
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "^r  运行检查" in footer and "^b  题目栏" in footer
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: any(bar.items for bar in app.screen.query(KeyBar)))
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "f6  代码" in footer and "^r  运行检查" in footer


async def test_slash_is_offered_as_search_only_where_it_is_not_typed_as_text(make_app):
    """In the editor `/` is a character of the learner's code: the footer must not name it as
    search there (it did, and pressing it typed a slash). Elsewhere on the screen it searches, but
    not over a dialog."""
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 36)) as pilot:
        bar = app.screen.query_one(KeyBar)
        editor = app.screen.query_one("#editor")
        await wait_until(pilot, lambda: app.focused is editor and bar.items)
        assert "/" not in [key for key, _ in bar.items], bar.items
        await pilot.press("slash")
        await wait_until(pilot, lambda: "/" in editor.text)
        assert type(app.screen).__name__ == "ExerciseScreen"
        app.screen.set_focus(app.screen.query_one("#ex-left ContentTabs"))
        await wait_until(pilot, lambda: "/" in [key for key, _ in bar.items])
        await pilot.press("slash")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "SearchScreen")
        await pilot.press("escape", "f1")  # over a dialog `/` opens nothing (the help stays)
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        await pilot.press("slash")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"


# ---------------------------------------------------------------- help


def test_key_labels_are_written_as_people_write_them():
    from tutor.app.helpscreen import key_label

    assert key_label("ctrl+r,f5") == "Ctrl+R / F5"
    assert key_label("escape") == "Esc"
    assert key_label("right_square_bracket,right") == "] / →"
    assert key_label("ctrl+shift+tab") == "Ctrl+Shift+Tab"


def test_a_run_of_letter_keys_is_one_row_with_its_first_and_last_key():
    from textual.binding import Binding

    from tutor.app.helpscreen import help_rows

    letters = [
        Binding(ch, f"choose({i})", "app.key.choose", show=False) for i, ch in enumerate("abcdefgh")
    ]
    rows = help_rows(
        [
            Binding("r", "reveal", "app.key.reveal"),
            *letters,
            Binding("escape", "back", "app.key.back"),
        ]
    )
    assert rows[0][0] == "r" and rows[1][0] == "a–h" and rows[2][0] == "Esc"
    assert len(rows) == 3


async def test_the_help_table_has_no_shorthand_and_no_empty_rows(make_app):
    app = make_app(target=None)
    async with app.run_test(size=(110, 80)) as pilot:
        await pilot.press("f2", "f1")
        await pilot.pause()
        text = screen_text(app)
    rows = [line for line in text.splitlines() if line.count("│") >= 3]
    assert rows
    assert "Ctrl+R / F5" in text and "Ctrl+Q" in text and "a–d" in text
    for row in rows:
        cells = [c.strip() for c in row.split("│")[1:-1]]
        assert any(cells), f"an empty row: {row!r}"
        assert "…" not in cells[0] and "/C" not in cells[0], row


# ---------------------------------------------------------------- status line under the editor


async def test_a_long_status_message_wraps_instead_of_being_cut(make_app):
    app = make_app(target=("exercise", "6.1"))
    message = "保存失败:" + "磁盘已满,文件没有写入," * 6 + "结尾在这里"
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        status = app.screen.query_one(EditorStatus)
        status.show(message, "bold red")
        await pilot.pause()
        lines = status.render().plain.split("\n")
        height, width = status.content_region.height, status.content_region.width
        text = screen_text(app)
    assert len(lines) > 1 and height == len(lines)  # every line of it is on the screen
    assert "".join(line.strip() for line in lines) == message  # and nothing is cut
    assert all(cell_len(line) <= width for line in lines), (width, lines)
    assert "结尾在这里" in text


async def test_a_passing_notice_fades_and_a_problem_stays(make_app, monkeypatch):
    monkeypatch.setattr(EditorStatus, "FADE_S", 0.2)
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        status = app.screen.query_one(EditorStatus)
        shown = []  # what was shown, whether or not it faded before we looked
        show = status.show
        monkeypatch.setattr(
            status, "show", lambda text, *a, **kw: (shown.append(text), show(text, *a, **kw))
        )
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: any("已保存" in text for text in shown))
        await wait_until(pilot, lambda: str(status.render()) == "")  # "saved" does not linger
        status.show("保存失败:磁盘已满", "bold red")
        faded_by_now = []  # a timer twice the fade's delay: any fade would have happened first
        status.set_timer(EditorStatus.FADE_S * 2, lambda: faded_by_now.append(True))
        await wait_until(pilot, lambda: bool(faded_by_now))
        assert str(status.render()) == "保存失败:磁盘已满"  # a problem stays
        status.show("已保存。")  # until the next notice
        await wait_until(pilot, lambda: str(status.render()) == "")


# ---------------------------------------------------------------- Ctrl+O without $EDITOR


def test_outside_editor_falls_back_to_nano_then_vi():
    def which_of(*installed):
        return lambda name: f"/usr/bin/{name}" if name in installed else None

    assert external_editor_command({"VISUAL": "code -w", "EDITOR": "vim"}, which_of("nano")) == [
        "code",
        "-w",
    ]
    assert external_editor_command({"EDITOR": "emacs -nw"}, which_of("nano")) == ["emacs", "-nw"]
    assert external_editor_command({"EDITOR": "  "}, which_of("nano", "vi")) == ["/usr/bin/nano"]
    assert external_editor_command({}, which_of("vi")) == ["/usr/bin/vi"]
    assert external_editor_command({}, which_of()) is None


async def test_ctrl_o_without_editor_runs_the_fallback_on_the_draft(make_app, home, monkeypatch):
    import contextlib
    import shutil
    import subprocess

    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/vi" if name == "vi" else None)
    calls = []

    def fake_call(command):
        calls.append(command)
        return 0

    monkeypatch.setattr(subprocess, "call", fake_call)
    app = make_app(target=("exercise", "6.1"))
    monkeypatch.setattr(app, "suspend", contextlib.nullcontext)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
    assert calls == [["/usr/bin/vi", str(home / "work" / "6.1.py")]]


async def test_ctrl_o_with_no_editor_at_all_says_what_to_do(make_app, monkeypatch):
    import shutil

    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.setattr(shutil, "which", lambda name: None)
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        messages = [n.message for n in notices(app)]
    assert any("nano" in m and "EDITOR" in m for m in messages), messages


# ---------------------------------------------------------------- reset


async def test_resetting_an_unchanged_draft_makes_no_backup(make_app, home):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")  # the draft on disk is the starter
        await pilot.press("f8")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.screen.query_one("#editor").text == app.screen.exercise.starter
        assert "备份" not in str(app.screen.query_one(EditorStatus).render())
    assert not list((home / "work" / "backup").glob("6.1.*.py"))
