"""What the command line prints, read as text: an exercise's explanation rendered (no Markdown
markers left), long arrays cut with a visible "…", and columns of `jaxtutor progress` and
`jaxtutor list` lined up by terminal cells when titles are Chinese."""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.cells import cell_len

from tutor.application.session import Verdict
from tutor.cli.render import Out, detail_lines, picture, render_verdict
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status

EXPLANATION = """## 为什么这样写

计数是**显式传入**的状态:`count` 进、`count + 1` 出,所以 `jax.jit` 只追踪*一次*。

- 纯函数:输出只取决于输入;
- 副作用只在追踪时发生。

```python
new_count = count + 1
```
"""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _explained(stream) -> str:
    exercise = SimpleNamespace(id="6.1", explanation=EXPLANATION)
    result = RunResult(
        exercise="6.1",
        status=Status.PASSED,
        duration_s=0.1,
        checks=[
            CheckOutcome(id="eager", name="直接调用", status=CheckStatus.PASSED, duration_s=0.01)
        ],
    )
    render_verdict(Out(stream), Verdict(result=result, file=Path("6.1.py")), exercise)
    return ANSI.sub("", stream.getvalue())


@pytest.mark.parametrize("stream", [io.StringIO, _Terminal], ids=["piped", "terminal"])
def test_the_explanation_is_rendered_text(stream, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    text = _explained(stream())
    explanation = text[text.index("为什么这样写") :]
    for marker in ("**", "`", "## ", "```", "*一次*"):
        assert marker not in explanation, (marker, explanation)
    assert not any(line.lstrip().startswith("#") for line in explanation.splitlines())
    for words in ("显式传入", "jax.jit", "一次", "纯函数", "new_count = count + 1"):
        assert words in explanation, words


def test_long_arrays_are_cut_with_a_visible_ellipsis():
    line = picture(list(range(300)))
    assert line.startswith("[0, 1, 2") and "…" in line and "(300,)" in line
    # an array the worker already truncated (over 256 elements) says so as well
    line = picture({"truncated_flat": list(range(256)), "shape": [20, 20]})
    assert "…" in line and "(20, 20)" in line
    # a short one is whole, with no ellipsis
    assert picture([1.0, 2.0, 3.0]) == "[1, 2, 3]"


def test_a_failed_comparison_of_long_arrays_shows_the_cut():
    from tutor.protocol import details as D

    detail = D.AllClose(
        what="梯度",
        rtol=1e-5,
        atol=1e-8,
        expected=list(range(100)),
        actual=list(range(1, 101)),
        max_abs_err=1.0,
        mismatched=100,
        total=100,
        first_mismatches=[[[i], i, i + 1] for i in range(10)],
    )
    lines = detail_lines(detail)
    assert any(line.startswith("期望") and "…" in line for line in lines), lines
    assert any(line.startswith("实际") and "…" in line for line in lines), lines
    assert lines[-1].strip() == "…"  # more mismatches than listed


def test_a_value_comparison_prints_no_dtypes_a_dtype_check_does():
    from tutor.protocol import details as D

    # a float64 reference is no dtype the learner was asked for (as in the app's diff)
    close = D.AllClose(
        expected=[1.0],
        actual=[2.0],
        rtol=0,
        atol=0,
        expected_dtype="float64",
        actual_dtype="float32",
    )
    assert not any("float64" in line for line in detail_lines(close))
    dtype = D.DtypeMismatch(
        expected=[1], actual=[1], expected_dtype="int32", actual_dtype="float32"
    )
    assert any("int32" in line for line in detail_lines(dtype))


def test_a_computed_relation_is_a_line_of_the_comparison_and_of_its_leaf():
    from tutor.protocol import details as D

    sentence = "Every value is [4] × the expected one: x[idx] [bold]."
    relation = D.Relation("factor", sentence, factor=4.0)
    detail = D.AllClose(expected=[1.0, 2.0], actual=[4.0, 8.0], rtol=0, atol=0, relation=relation)
    assert sentence in detail_lines(detail.to_dict())  # as `--json` and the store carry it
    leaf = D.Leaf(path="['w']", ok=False, expected=[1.0, 2.0], actual=[4.0, 8.0], relation=relation)
    tree = D.Tree(leaves=[leaf], rtol=0, atol=0)
    assert "  " + sentence in detail_lines(tree.to_dict())


def _column_of(line: str, words: str) -> int:
    """The terminal cell where `words` starts in `line`."""
    return cell_len(line[: line.index(words)])


def test_progress_columns_line_up_with_chinese_titles(course, home):
    from tutor.application import progress as P
    from tutor.cli.views import render_progress
    from tutor.storage.store import Store

    store = Store(home)
    try:
        stream = io.StringIO()
        render_progress(Out(stream), course, store, P.Progress(course, store))
    finally:
        store.close()
    rows = [line for line in stream.getvalue().splitlines() if "尝试" in line]
    titles = [e.title for e in course.exercises.values()]
    assert rows and any(cell_len(t) > len(t) for t in titles)  # Chinese titles are there
    assert any(cell_len(t) > 28 for t in titles)  # and some are cut
    word = P.word("unseen")
    assert len({_column_of(row, word) for row in rows if word in row}) == 1, rows
    assert len({_column_of(row, "尝试") for row in rows}) == 1, rows


def test_list_columns_line_up_with_chinese_titles(course, home):
    from tutor.application import progress as P
    from tutor.cli.views import render_list
    from tutor.storage.store import Store

    store = Store(home)
    try:
        stream = io.StringIO()
        render_list(Out(stream), course, P.Progress(course, store))
    finally:
        store.close()
    rows = [line for line in stream.getvalue().splitlines() if line.rstrip().endswith("]")]
    assert rows and len({_column_of(row, "[") for row in rows}) == 1, rows[:5]


def test_pad_measures_cells_and_marks_a_cut():
    from tutor.cli.render import pad

    assert cell_len(pad("用 JIT 实现有状态计数器", 28)) == 28
    cut = pad("单步梯度下降:学习率是动态参数,不要写死", 28)
    assert cell_len(cut) == 28 and cut.rstrip().endswith("…")
    assert cell_len(pad("宽字符在边界上" * 3, 27)) == 27  # a wide character never spills over


def test_no_color_on_a_terminal_prints_no_escapes(monkeypatch):
    """NO_COLOR (https://no-color.org): plain text even on a terminal, still rendered."""
    monkeypatch.setenv("NO_COLOR", "1")
    stream = _Terminal()
    exercise = SimpleNamespace(id="6.1", explanation=EXPLANATION)
    result = RunResult(
        exercise="6.1",
        status=Status.FAILED,
        duration_s=0.1,
        checks=[
            CheckOutcome(
                id="eager",
                name="直接调用",
                status=CheckStatus.FAILED,
                duration_s=0.01,
                message="不对",
            )
        ],
    )
    render_verdict(Out(stream), Verdict(result=result, file=Path("6.1.py")), exercise)
    text = stream.getvalue()
    assert "\x1b[" not in text and "✗" in text and "直接调用" in text


def test_the_cli_and_the_app_say_a_time_spent_the_same_way(home, course):
    """6.1 worked on for 39 s: `jaxtutor progress` says 39 秒 (as the app's progress screen
    does, through the same formatter), not a rounded "1 分钟"."""
    from tutor.application.progress import Progress, time_spent
    from tutor.cli.views import render_progress
    from tutor.storage.store import Store

    store = Store(home)
    store.add_time("6.1", 39)
    buf = io.StringIO()
    render_progress(Out(buf), course, store, Progress(course, store))
    store.close()
    row = next(line for line in buf.getvalue().split("\n") if " 6.1 " in line)
    assert time_spent(39) == "39 秒" and "用时 39 秒" in row, row
    assert time_spent(125) == "2 分 05 秒"


def test_after_a_pass_the_cli_names_the_next_item_on_the_map(course, home):
    """`jaxtutor check` after a pass suggests what the course map puts next (not the next id)."""
    from tutor.application.session import Session
    from tutor.storage.store import Store

    store = Store(home)
    after = Session(course, store).next_item(("exercise", "6.1"))
    store.close()
    exercise = SimpleNamespace(id="6.1", explanation=EXPLANATION)
    result = RunResult(exercise="6.1", status=Status.PASSED, duration_s=0.1)
    buf = io.StringIO()
    render_verdict(Out(buf), Verdict(result=result, file=Path("6.1.py")), exercise, after)
    command = "exercise" if after.kind == "repair" else after.kind
    assert "接下来:" in buf.getvalue() and f"jaxtutor {command} {after.id}" in buf.getvalue()
