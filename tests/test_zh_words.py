"""No English in the Chinese UI: every failure-detail kind, rendered by the CLI and by the app's
diff view, every run status as the CLI prints it, and the result pane's words, read in zh. An
ASCII word outside code (backticks, values the check measured) and identifiers is an English
word the learner was not meant to see. Details carry values as a real check sends them
(tutor.worker.pictures.describe for a structure)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from tutor.protocol import details as D
from tutor.protocol.result import CheckOutcome, CheckStatus, ErrorInfo, RunResult, Status

# identifiers and technical names a Chinese text uses as they are (Python, JAX, NumPy, keys)
TECHNICAL = {
    "dtype", "rtol", "atol", "ndim", "nan", "inf", "None", "True", "False", "JAX", "jax",
    "NumPy", "Python", "jit", "tuple", "list", "dict", "float", "int", "str", "step", "shape",
    "float32", "float64", "int32", "Ctrl", "Esc", "Enter", "Tab", "ValueError", "TypeError",
    "ZeroDivisionError", "File", "line", "answer", "py",
}  # fmt: skip
WORD = re.compile(r"(?<![\w.`'\"\[])[A-Za-z]{2,}(?![\w(`'\"\]])")


def english_words(text: str) -> list[str]:
    """ASCII words outside backticks, quotes and brackets that are not identifiers or names."""
    text = re.sub(r"`[^`]*`", "", text)
    return [w for w in WORD.findall(text) if w not in TECHNICAL]


def samples() -> dict[type, D.Detail]:
    from tutor.worker.pictures import describe

    out = {
        D.AllClose: D.AllClose(
            what="梯度",
            rtol=1e-3,
            atol=1e-4,
            expected=[1.0, 2.0, 3.0],
            actual=[1.0, 2.9, 3.0],
            max_abs_err=0.9,
            mismatched=1,
            total=3,
            first_mismatches=[[[1], 2.0, 2.9]],
            expected_shape=[3],
            actual_shape=[3],
            expected_dtype="float64",
            actual_dtype="float32",
        ),
        D.ShapeMismatch: D.ShapeMismatch(
            what="结果", expected=[1, 2], actual=[[1, 2]], expected_shape=[2], actual_shape=[1, 2]
        ),
        D.DtypeMismatch: D.DtypeMismatch(
            what="结果",
            expected=[1, 2],
            actual=[1, 2],
            expected_dtype="int32",
            actual_dtype="float32",
        ),
        D.TypeMismatch: D.TypeMismatch(
            what="结果", expected=[1.0, 2.0], actual="None", expected_shape=[2]
        ),
        D.Tree: D.Tree(
            what="参数",
            rtol=1e-5,
            atol=1e-8,
            mismatched=2,
            total=3,
            leaves=[
                D.Leaf(path="['w']", ok=True, expected=[1.0], actual=[1.0]),
                D.Leaf(
                    path="['b']",
                    ok=False,
                    expected=[0.0, 1.0],
                    actual=[0.5, 1.0],
                    max_abs_err=0.5,
                    mismatched=1,
                    total=2,
                ),
                D.Leaf(
                    path="['c']", ok=False, problem="shape", expected_shape=[3], actual_shape=[4]
                ),
                D.Leaf(
                    path="['d']",
                    ok=False,
                    problem="dtype",
                    expected_dtype="float32",
                    actual_dtype="int32",
                ),
            ],
        ),
        D.Structure: D.Structure(
            what="返回值",
            expected="2 个元素的元组",
            actual=describe([1, 2, 3]),
            expected_paths=["['a']", "['b']"],
            actual_paths=["['a']"],
        ),
        D.Equal: D.Equal(what="计数", expected=3, actual=4),
        D.Condition: D.Condition(
            what="结果", values={"n_calls": 2, "expected": [2, 3], "actual": [1, 1]}
        ),
        D.Compiles: D.Compiles(
            what="编译", function="step", actual=3, at_most=1, names=["step", "step", "step"]
        ),
        D.LearnerError: D.LearnerError(
            what="出错", line=7, traceback='File "answer.py", line 7\nZeroDivisionError'
        ),
    }
    assert set(out) == set(D.ALL_KINDS)
    return out


def _plain(renderable) -> str:
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.fixture
def zh(monkeypatch):
    from tutor.words import catalog

    monkeypatch.setenv("JAXTUTOR_LANG", "zh")
    catalog.set_lang("zh")
    yield


def test_every_detail_kind_reads_in_chinese(zh):
    from tutor.app.detail_diff import render_detail
    from tutor.cli.render import detail_lines

    found = {}
    for kind, detail in samples().items():
        check = CheckOutcome(
            id="c", name="检查", status=CheckStatus.FAILED, message="消息", detail=detail
        )
        for where, text in (
            ("cli", "\n".join(detail_lines(detail))),
            ("app", _plain(render_detail(check))),
        ):
            words = english_words(text)
            if words:
                found[f"{kind.kind} ({where})"] = (words, text)
    assert not found, found


def test_every_status_reads_in_chinese(zh):
    from tutor.cli.render import Out, render_result
    from tutor.words.catalog import t

    found = {}
    for status in Status:
        error = None
        if status == Status.TIMEOUT:
            error = ErrorInfo(
                type="Timeout",
                message=t("run.stuck_at", line=3),
                line=3,
                traceback='File "answer.py", line 3',
            )
        result = RunResult(
            exercise="6.1",
            status=status,
            duration_s=1.5,
            checks=[
                CheckOutcome(id="a", name="数值正确", status=CheckStatus.PASSED, duration_s=0.1)
            ],
            error=error,
        )
        buf = io.StringIO()
        render_result(Out(buf), result)
        words = english_words(buf.getvalue())
        if words:
            found[status.value] = (words, buf.getvalue())
        if error is not None:  # the app's results pane shows the same error
            from tutor.app.detail_diff import render_error

            shown = _plain(render_error(error))
            if english_words(shown):
                found[f"{status.value} (app)"] = (english_words(shown), shown)
    assert not found, found


def test_the_result_pane_says_nothing_stale_under_a_pass():
    from tutor.words.catalog import words as catalog_words

    words = catalog_words("zh")
    assert "选择一个未通过的检查查看差异。" not in words.values()
    assert "{label}" not in words["app.diff.diagnosis"]  # a check's internal label never shows
