"""The diff of a failed check, for every failure-detail kind of tutor/protocol/details.py (pure
rendering)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from tutor.app.detail_diff import RENDERERS, render_detail
from tutor.app.valuediff import array_table
from tutor.protocol import details as D
from tutor.protocol.result import CheckOutcome, CheckStatus


def text_of(renderable, width: int = 100) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def styled_cells(renderable) -> str:
    console = Console(
        width=100, file=io.StringIO(), record=True, color_system="truecolor", force_terminal=True
    )
    console.print(renderable)
    return console.export_text(styles=True)


def failed(detail: D.Detail | None, message="消息") -> CheckOutcome:
    return CheckOutcome(
        id="c", name="检查", status=CheckStatus.FAILED, message=message, detail=detail
    )


# one example of every kind, each with something only that kind's renderer can show
EXAMPLES: dict[type, tuple[D.Detail, list[str]]] = {
    D.AllClose: (
        D.AllClose(
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
            relation=D.Relation("offset", "每个值都和期望值差同一个数", offset=0.9),
        ),
        [
            "rtol = 0.001",
            "atol = 0.0001",
            "最大绝对误差:0.9",
            "1/3",
            "2.9",
            "每个值都和期望值差同一个数",
        ],
    ),
    D.ShapeMismatch: (
        D.ShapeMismatch(expected=[1, 2], actual=[[1, 2]], expected_shape=[2], actual_shape=[1, 2]),
        ["(2,)", "(1, 2)"],
    ),
    D.DtypeMismatch: (
        D.DtypeMismatch(
            expected=[1, 2], actual=[1, 2], expected_dtype="int32", actual_dtype="float32"
        ),
        ["int32", "float32"],
    ),
    D.TypeMismatch: (
        D.TypeMismatch(expected=[1.0, 2.0], actual="None", expected_shape=[2]),
        ["None", "期望"],
    ),
    D.Tree: (
        D.Tree(
            rtol=1e-5,
            atol=1e-8,
            max_abs_err=0.5,
            mismatched=1,
            total=4,
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
                    expected_shape=[2],
                    actual_shape=[2],
                    relation=D.Relation("reversed", "沿第 0 轴倒过来", axes=[0]),
                ),
            ],
        ),
        ["✓ ['w']", "✗ ['b']", "0.5", "沿第 0 轴倒过来"],
    ),
    D.Structure: (
        D.Structure(
            what="返回值",
            expected="tuple of 2",
            actual="list of 3",
            expected_paths=["['a']", "['b']"],
            actual_paths=["['a']"],
        ),
        ["tuple of 2", "list of 3", "['b']"],
    ),
    D.Equal: (D.Equal(expected="ab", actual="ba"), ["ab", "ba"]),
    D.Condition: (
        D.Condition(values={"call": "f(1, 2)", "expected": [2, 3], "actual": [1, 1]}),
        ["f(1, 2)", "期望", "实际"],
    ),
    D.Compiles: (
        D.Compiles(function="step", actual=3, at_most=1, names=["step", "step", "step"]),
        ["step", "≤ 1", "3"],
    ),
    D.LearnerError: (
        D.LearnerError(line=7, traceback="File x, line 7"),
        ["第 7 行", "File x, line 7"],
    ),
}


def test_every_detail_kind_has_a_renderer_and_an_example():
    assert set(RENDERERS) == set(D.ALL_KINDS)
    assert set(EXAMPLES) == set(D.ALL_KINDS)


@pytest.mark.parametrize("kind", D.ALL_KINDS, ids=lambda k: k.kind)
def test_every_detail_kind_renders_what_it_carries(kind):
    detail, words = EXAMPLES[kind]
    # through the result document, as the app receives it
    outcome = CheckOutcome.from_dict(failed(detail).to_dict())
    assert type(outcome.detail) is kind
    out = text_of(render_detail(outcome))
    assert "✗ 检查" in out and "消息" in out
    for word in words:
        assert word in out, (kind.kind, word, out)
    assert "None" not in out or kind is D.TypeMismatch


def test_a_value_comparison_shows_no_dtypes_a_dtype_check_does():
    # an AllClose's float64 reference is no dtype the learner was asked for (as in the CLI)
    close, _ = EXAMPLES[D.AllClose]
    assert "float64" not in text_of(render_detail(failed(close)))
    dtype, _ = EXAMPLES[D.DtypeMismatch]
    assert "int32" in text_of(render_detail(failed(dtype)))


def test_a_computed_relation_is_shown_as_written_under_the_comparison_and_its_leaf():
    sentence = "Every value is [4] × the expected one: x[idx] [bold]."
    relation = D.Relation("factor", sentence, factor=4.0)
    detail = D.AllClose(expected=[1.0, 2.0], actual=[4.0, 8.0], rtol=0, atol=0, relation=relation)
    leaf = D.Leaf(path="['w']", ok=False, expected=[1.0, 2.0], actual=[4.0, 8.0], relation=relation)
    for d in (detail, D.Tree(leaves=[leaf], rtol=0, atol=0)):
        outcome = CheckOutcome.from_dict(failed(d).to_dict())  # as the app receives it
        assert sentence in text_of(render_detail(outcome), width=200)


def test_differing_elements_are_highlighted():
    styled = styled_cells(array_table([1.0, 2.0], [1.0, 5.0], 0.0, 0.0))
    assert "\x1b[1;31m" in styled or "\x1b[31;1m" in styled  # bold red for the differing row
    plain = text_of(array_table([1.0, 2.0], [1.0, 5.0]))
    assert "5" in plain and "3" in plain  # the error column


def test_small_matrix_side_by_side():
    out = text_of(array_table([[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [3.0, 9.0]]))
    first = [line for line in out.splitlines() if "│" in line][0]
    assert first.index("期望") < first.index("实际")
    assert any("9" in line and "4" in line for line in out.splitlines())


def test_long_arrays_show_the_first_mismatches_and_a_grid_around_them():
    exp = [float(i) for i in range(500)]
    act = list(exp)
    act[321] = -1.0
    out = text_of(array_table(exp, act, first_mismatches=[[[321], 321.0, -1.0]]))
    assert "[321]" in out and "-1" in out  # the mismatch table
    assert "[320]" in out and "共 500 个" in out and "…" in out  # the grid row holding it
    styled = styled_cells(array_table(exp, act, first_mismatches=[[[321], 321.0, -1.0]]))
    assert any("-1" in line and "31m" in line for line in styled.splitlines())


def test_truncated_arrays_are_a_grid_with_an_ellipsis_and_their_mismatches_marked():
    flat_e = [float(i) for i in range(256)]
    flat_a = list(flat_e)
    flat_a[5] = 99.0
    detail = D.AllClose(
        rtol=0.0,
        atol=0.0,
        expected={"truncated_flat": flat_e, "shape": [30, 30]},
        actual={"truncated_flat": flat_a, "shape": [30, 30]},
        max_abs_err=94.0,
        mismatched=2,
        total=900,
        first_mismatches=[[[0, 5], 5.0, 99.0], [[20, 3], 603.0, 0.0]],
        expected_shape=[30, 30],
        actual_shape=[30, 30],
    )
    out = text_of(render_detail(failed(detail)))
    assert "truncated_flat" not in out
    assert "[0, 5]" in out and "[20, 3]" in out and "99" in out
    assert "共 900 个" in out and "…" in out and "(30, 30)" in out
    styled = styled_cells(render_detail(failed(detail)))
    assert any("99" in line and "31m" in line for line in styled.splitlines())


def test_a_condition_on_a_non_finite_value_says_finite_not_none():
    detail = D.Condition(values={"expected": None, "actual": ["nan", 1.0]})
    out = text_of(render_detail(failed(detail, message="迭代出现了 NaN")))
    assert "有限值" in out and "None" not in out
    out = text_of(render_detail(failed(D.Condition(values={"expected": None, "actual": 3}))))
    assert "None" not in out and "见上面的说明" in out


def test_a_count_over_all_functions_says_it_is_one_total_in_both_views():
    # a count of every compilation is a sum over functions, not a count each function reached
    from tutor.cli.render import detail_lines
    from tutor.words.catalog import set_lang

    many = D.Compiles(function=None, actual=5, expected=1, names=["a", "b", "c", "d", "e"])
    outcome = CheckOutcome.from_dict(failed(many).to_dict())
    try:
        for lang, words, not_words in (
            ("en", "all functions together", "every function"),
            ("zh", "所有函数合计", None),
        ):
            set_lang(lang)
            for shown in (text_of(render_detail(outcome)), "\n".join(detail_lines(many))):
                assert words in shown, (lang, shown)
                assert not_words is None or not_words not in shown, (lang, shown)
    finally:
        set_lang("zh")


def test_a_shape_compared_alone_shows_no_empty_expected_value_in_both_views():
    # a wrong shape is found before any value is compared: there is nothing "expected" to show
    from tutor.cli.render import detail_lines

    detail = D.ShapeMismatch(
        what="f(x)",
        expected=None,
        actual=[[0.5, 1.5], [2.5, 3.5]],
        expected_shape=[2],
        actual_shape=[2, 2],
    )
    for shown in (text_of(render_detail(failed(detail))), "\n".join(detail_lines(detail))):
        assert "null" not in shown and "None" not in shown, shown
        assert "3.5" in shown and "(2,)" in shown and "(2, 2)" in shown, shown
