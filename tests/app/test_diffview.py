"""The diff of a failed check, for every detail kind of tutor/checklib.py (pure rendering)."""

from __future__ import annotations

import io

from rich.console import Console

from tutor.app.diffview import array_table, render_detail
from tutor.result import CheckOutcome, CheckStatus


def text_of(renderable, width: int = 100) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def styled_cells(renderable) -> str:
    console = Console(width=100, file=io.StringIO(), record=True, color_system="truecolor", force_terminal=True)
    console.print(renderable)
    return console.export_text(styles=True)


def failed(detail, message="消息") -> CheckOutcome:
    return CheckOutcome(id="c", name="检查", status=CheckStatus.FAILED, message=message, detail=detail)


def test_allclose_table_tolerance_and_largest_error():
    out = text_of(render_detail(failed({
        "kind": "allclose", "what": "梯度", "rtol": 1e-3, "atol": 1e-4, "expected": [1.0, 2.0, 3.0],
        "actual": [1.0, 2.9, 3.0], "max_abs_err": 0.9, "mismatched": 1, "total": 3,
        "first_mismatches": [[[1], 2.0, 2.9]], "expected_shape": [3], "actual_shape": [3],
        "expected_dtype": "float64", "actual_dtype": "float32"})))
    assert "rtol = 0.001" in out and "atol = 0.0001" in out
    assert "最大绝对误差:0.9" in out and "1/3" in out
    assert "[1]" in out and "2.9" in out and "float32" in out


def test_differing_elements_are_highlighted():
    styled = styled_cells(array_table([1.0, 2.0], [1.0, 5.0], 0.0, 0.0))
    assert "\x1b[1;31m" in styled or "\x1b[31;1m" in styled      # bold red for the differing row
    plain = text_of(array_table([1.0, 2.0], [1.0, 5.0]))
    assert "5" in plain and "3" in plain                         # the error column


def test_small_matrix_side_by_side():
    out = text_of(array_table([[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [3.0, 9.0]]))
    first = [line for line in out.splitlines() if "│" in line][0]
    assert first.index("期望") < first.index("实际")
    assert any("9" in line and "4" in line for line in out.splitlines())


def test_long_arrays_show_differing_elements_first():
    exp = [float(i) for i in range(500)]
    act = list(exp)
    act[321] = -1.0
    out = text_of(array_table(exp, act))
    assert "[321]" in out and "前 " in out


def test_tree_per_key_path():
    out = text_of(render_detail(failed({
        "kind": "tree", "rtol": 1e-5, "atol": 1e-8, "max_abs_err": 0.5, "mismatched": 1, "total": 4,
        "leaves": [
            {"path": "['w']", "ok": True, "expected": [1.0], "actual": [1.0]},
            {"path": "['b']", "ok": False, "expected": [0.0, 1.0], "actual": [0.5, 1.0],
             "max_abs_err": 0.5, "mismatched": 1, "total": 2,
             "expected_shape": [2], "actual_shape": [2]},
        ]})))
    assert "✓ ['w']" in out and "✗ ['b']" in out and "0.5" in out


def test_structure_shape_error_and_generic():
    out = text_of(render_detail(failed({"kind": "structure", "expected_paths": ["['a']", "['b']"],
                                        "actual_paths": ["['a']"]})))
    assert "['b']" in out
    out = text_of(render_detail(failed({"kind": "shape", "expected": [1, 2], "actual": [[1, 2]],
                                        "expected_shape": [2], "actual_shape": [1, 2], "rtol": 0, "atol": 0})))
    assert "(2,)" in out and "(1, 2)" in out
    out = text_of(render_detail(failed({"kind": "error", "line": 7, "traceback": "File x, line 7"})))
    assert "第 7 行" in out and "File x, line 7" in out
    out = text_of(render_detail(failed({"kind": "compiles", "function": "step", "actual": 3,
                                        "expected": 1, "at_most": None, "other_compiles": []})))
    assert "step" in out and "3" in out and "1" in out
    out = text_of(render_detail(failed({"kind": "condition", "expected": [2, 3], "actual": [1, 1],
                                        "call": "f(1, 2)"})))
    assert "f(1, 2)" in out and "期望" in out
