"""The exercise's History tab fits its pane at 80, 100 and 120 columns: every column's words are
there whole (the failing checks wrap in their column, or under the result when the pane is
narrow), nothing scrolls sideways."""

from __future__ import annotations

import re

import pytest
from apphelp import record, settle, wait_until
from proserows import crop_cells
from screentext import screen_text

from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status

FAILING = ["随机数据:每一步的平均值等于累计平均", "从你的 initial_state 出发,jit 处理 5 个数据"]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 36)])
async def test_the_history_tab_fits_its_pane(make_app, home, size):
    from textual.widgets import DataTable

    from tutor.storage.store import Store

    checks = [
        CheckOutcome(id=f"c{n}", name=name, status=CheckStatus.FAILED, duration_s=0.01)
        for n, name in enumerate(FAILING)
    ]
    store = Store(home)
    record(store, RunResult(exercise="6.1", status=Status.FAILED, duration_s=0.1, checks=checks))
    store.close()
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=size) as pilot:
        scr = app.screen
        await wait_until(pilot, lambda: bool(scr.query("#history")))
        if scr.tabbed:
            scr.show_pane("ex-left")
            await settle(pilot)
        scr.query_one("#ex-left").active = "tab-history"
        table = scr.query_one("#history", DataTable)
        await wait_until(pilot, lambda: table.row_count == 1 and table.size.width > 0)
        await settle(pilot)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        box = table.content_region
        rows = [
            crop_cells(row, box.x, box.right)
            for row in screen_text(app).split("\n")[box.y : box.bottom]
        ]
        shown = re.sub(r"\s+", "", "".join(rows))
        for name in FAILING:
            assert re.sub(r"\s+", "", name) in shown, "\n".join(rows)
        for words in (t_words("when"), t_words("status"), "0.10秒"):
            assert words in shown, "\n".join(rows)


def t_words(column: str) -> str:
    from tutor.words.catalog import t

    return t(f"app.ex.col.{column}")


async def test_the_history_is_laid_out_again_when_its_pane_changes_width(make_app, home):
    from textual.widgets import DataTable

    from tutor.storage.store import Store

    checks = [CheckOutcome(id="c", name=FAILING[0], status=CheckStatus.FAILED, duration_s=0.01)]
    store = Store(home)
    record(store, RunResult(exercise="6.1", status=Status.FAILED, duration_s=0.1, checks=checks))
    store.close()
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 36)) as pilot:
        scr = app.screen
        await wait_until(pilot, lambda: bool(scr.query("#history")))
        scr.query_one("#ex-left").active = "tab-history"
        table = scr.query_one("#history", DataTable)
        await wait_until(pilot, lambda: table.row_count == 1 and table.size.width > 0)
        narrow = len(table.columns)
        await pilot.resize_terminal(200, 36)  # a wide statement pane: four columns
        await wait_until(pilot, lambda: len(table.columns) == 4)
        assert narrow == 2
        assert table.virtual_size.width <= table.scrollable_content_region.width
