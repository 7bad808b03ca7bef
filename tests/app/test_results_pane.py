"""The results pane of the exercise workspace reads like Chinese: a timeout is told in the app's
words (not as an error, not by the worker's type), check names wrap under themselves with their
time kept whole, the placeholder never starts a row with a closing mark, and a hint the broken
check already says is not said again by the verdict."""

from __future__ import annotations

from apphelp import SIZE, run_to_verdict, wait_until
from proserows import crop_cells
from screentext import screen_text

from tutor.protocol.result import Status
from tutor.words.catalog import t


def timeout_result(exercise: str = "6.1"):
    """A run stopped at the time limit: the worker names the line the code was stuck on, under
    its internal type "Timeout"."""
    from tutor.protocol.result import ErrorInfo, RunResult

    return RunResult(
        exercise=exercise,
        status=Status.TIMEOUT,
        duration_s=20.04,
        message="运行超过 20 秒的时间限制,已终止。",
        error=ErrorInfo(
            type="Timeout",
            message="时间到的时候,你的代码停在第 13 行。",
            line=13,
            traceback='  File "6.1.py", line 13, in update_counter\n',
        ),
    )


async def test_a_timeout_is_told_in_the_app_words_not_as_an_error(make_app, fake_runner):
    fake_runner.push(timeout_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await run_to_verdict(pilot)
        text = screen_text(app)
        assert "超时 (第 13 行): 时间到的时候,你的代码停在第 13 行。" in text, text
        assert "Timeout" not in text and "出错" not in text, text


AUDIT_6_2_CHECKS = [  # the names of exercise 6.2's checks, long enough to wrap beside the editor
    "不加 jit:数据 2, 4, 6, 8, 10 的平均值 2…6,状态 (2,1)…(30,5)",
    "随机数据:每一步的平均值等于累计平均",
    "从你的 initial_state 出发,jit 处理 5 个数据:平均 6.0,只追踪 1 次",
    "对照:从 Python 标量 (0.0, 0) 出发时追踪 2 次,结果同样是 6.0",
]


async def test_check_names_wrap_under_themselves_and_keep_their_time(make_app, fake_runner):
    from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult

    checks = [  # a failed run: its results stay in view (a pass shows the explanation)
        CheckOutcome(id=f"c{n}", name=name, status=CheckStatus.PASSED, duration_s=0.01)
        for n, name in enumerate(AUDIT_6_2_CHECKS)
    ]
    checks[1].status = CheckStatus.FAILED
    fake_runner.push(RunResult(exercise="6.1", status=Status.FAILED, checks=checks))
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await run_to_verdict(pilot)
        box = app.screen.query_one("#checks").content_region
        rows = [
            crop_cells(row, box.x, box.right).rstrip()
            for row in screen_text(app).split("\n")[box.y : box.bottom]
        ]
        shown = [row for row in rows if row.strip()]
        marks = ("✓ ", "✗ ")
        assert sum(row.startswith(marks) for row in shown) == len(checks), rows
        assert len(shown) > len(checks), rows  # some names are longer than the pane
        for row in shown:
            if not row.startswith(marks):  # a name going on: under the name, not under the ✓
                assert row.startswith("  ") and not row[2:3].isspace(), rows
                assert not row.strip().startswith(("。", ",", ")", "秒")), rows
        assert sum(row.endswith("0.01 秒") for row in shown) == len(checks), rows


async def test_the_results_placeholder_wraps_like_chinese(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(100, 30)) as pilot:
        body = app.screen.query_one("#diff-body")
        await wait_until(pilot, lambda: body.content_region.width > 0)
        await pilot.pause()
        box = body.content_region
        rows = [
            crop_cells(row, box.x, box.right).strip()
            for row in screen_text(app).split("\n")[box.y : box.bottom]
        ]
        words = [row for row in rows if row]
        assert "".join(words) == t("app.ex.diff_after_run").replace(" ", ""), rows
        assert not [row for row in words[1:] if row.startswith(tuple("。,、;:)"))], rows


async def test_a_hint_the_shown_check_ends_with_is_not_repeated_by_the_verdict(
    make_app, fake_runner
):
    """A check the learner's code broke ends its message with the run error's hint, and the check
    list shows that check first: the verdict saying it too put the same sentence on screen twice
    (blind round 4, 6.4-fix1). A hint no shown check carries stays in the verdict."""
    from tutor.protocol.result import CheckOutcome, CheckStatus, ErrorInfo, RunResult

    hint = "None is a tree node with no leaves; is_leaf made it a leaf here."
    error = ErrorInfo(type="TypeError", message="unsupported operand", line=4, hint=hint)
    broken = CheckOutcome(
        id="scaled",
        name="scaled",
        status=CheckStatus.ERROR,
        message=f"TypeError: unsupported operand\n{hint}",
    )
    fake_runner.push(RunResult("6.1", Status.ERROR, 1.0, checks=[broken], error=error))
    fake_runner.push(RunResult("6.1", Status.ERROR, 1.0, error=error))
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await run_to_verdict(pilot)
        assert screen_text(app).count(hint[:40]) == 1, screen_text(app)
        await run_to_verdict(pilot)  # no check says it: the verdict does
        assert screen_text(app).count(hint[:40]) == 1, screen_text(app)
