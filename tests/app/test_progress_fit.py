"""The progress screen (F3) on the real course at 80, 100 and 120 columns: every column is on the
screen (the titles wrap in what the other columns leave), nothing is cut."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from apphelp import passed_result, record, settle, wait_until
from screentext import screen_text

from tutor.words.catalog import t

ROOT = Path(__file__).resolve().parents[2]
COLUMNS = ("id", "title", "status", "attempts", "hints", "time", "solved")


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 36)])
async def test_every_column_of_the_progress_table_fits(home, monkeypatch, size):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from textual.widgets import DataTable

    from tutor.app.tutorapp import TutorApp
    from tutor.storage.store import Store

    store = Store(home)
    record(store, passed_result())
    store.add_time("6.1", 157)
    store.close()
    app = TutorApp(home=home, target=None, warm=False)
    async with app.run_test(size=size) as pilot:
        await pilot.press("f3")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ProgressScreen")
        await settle(pilot)
        table = app.screen.query_one("#progress-table", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        # chapter 0's rows come first: the table scrolls 6.1's row into view
        table.move_cursor(row=table.get_row_index("6.1"))
        await settle(pilot)
        rows = screen_text(app).split("\n")
        labels = [t(f"app.progress.col.{name}") for name in COLUMNS]
        assert any(all(label in row for label in labels) for row in rows), "\n".join(rows)
        solved = time.strftime("%Y-%m-%d")
        mine = [row for row in rows if " 6.1 " in row]
        assert mine and "2 分 37 秒" in mine[0] and solved in mine[0], "\n".join(rows)
        assert "…" not in "\n".join(rows)
        course = app.course
        for key in table.rows:
            title = str(table.get_row(key)[COLUMNS.index("title")])
            squeezed = re.sub(r"\s+", "", title)
            assert squeezed == re.sub(r"\s+", "", course.exercise(key.value).title), title


async def test_the_titles_wrap_again_when_the_terminal_narrows(home, monkeypatch):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from textual.widgets import DataTable

    from tutor.app.tutorapp import TutorApp

    app = TutorApp(home=home, target=None, warm=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("f3")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ProgressScreen")
        await settle(pilot)
        table = app.screen.query_one("#progress-table", DataTable)
        table.move_cursor(row=3)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert table.cursor_row == 3  # the learner's place in the table stays


# an English title read in at most this many rows (at 80 columns the longest took 7 when every
# other column kept its widest cell)
TITLE_ROWS = {(80, 24): 5, (120, 36): 3}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", list(TITLE_ROWS), ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_titles_stay_readable_in_both_languages(home, monkeypatch, size, lang):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from textual.widgets import DataTable

    from tutor.app.tutorapp import TutorApp
    from tutor.storage.store import Store
    from tutor.words import catalog

    catalog.set_lang(lang)  # as --lang does (the suite's fixture sets it back)

    store = Store(home)
    record(store, passed_result())
    store.add_time("6.1", 3725)  # the widest time there is: hours and minutes
    store.close()
    app = TutorApp(home=home, target=None, warm=False)
    async with app.run_test(size=size) as pilot:
        await pilot.press("f3")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ProgressScreen")
        await settle(pilot)
        assert catalog.lang() == lang
        table = app.screen.query_one("#progress-table", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        for key in table.rows:
            row = [str(cell) for cell in table.get_row(key)]
            lines = row[COLUMNS.index("title")].split("\n")
            title = app.course.exercise(key.value).title
            if lang == "en":  # broken between words only, in few rows
                assert " ".join(lines).split() == title.split(), lines
                assert len(lines) <= TITLE_ROWS[size], (title, lines)
            else:  # Chinese by character, a Latin word kept whole
                assert "".join(lines).replace(" ", "") == title.replace(" ", ""), lines
            status = row[COLUMNS.index("status")].split("\n")
            assert all(len(line) > 1 for line in status), status  # no mark or character alone
            spent = row[COLUMNS.index("time")].replace("\n", " ")
            assert spent in (t("app.time.s", s=0), t("app.time.hm", h=1, m=2)), spent


async def test_the_table_lists_exercises_in_the_maps_order(make_app):
    from textual.widgets import DataTable

    from tutor.application.progress import chapter_items

    app = make_app(target=None)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("f3")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ProgressScreen")
        table = app.screen.query_one("#progress-table", DataTable)
        await wait_until(pilot, lambda: table.row_count > 0)
        shown = [key.value for key in table.rows]
        on_map = [
            item.id
            for chapter in app.course.chapters
            for item in chapter_items(chapter)
            if item.kind in ("exercise", "repair")
        ]
        assert shown == on_map
        assert shown.index("6.2-fix1") < shown.index("6.1")  # the case
