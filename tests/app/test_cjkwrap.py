"""Chinese line breaking in the widgets the app draws itself: any character boundary between
Chinese characters, spaces between Latin words, no line starting with a closing mark."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from tutor.app.cjkwrap import NO_LINE_START, wrap_text

SAMPLES = [
    "选择一个未通过的检查查看差异。",
    "把 Python 函数走一遍,看看 jax.jit 怎样追踪它(以及为什么只追踪一次)。",
    "计数没有按 1 递增:第 2 步期望 2,实际 2.5。再看一眼 update_counter 的返回值。",
]


def test_no_line_starts_with_a_closing_mark_and_lines_fit():
    for sample in SAMPLES:
        for width in range(6, 40):
            lines = wrap_text(Text(sample), width).plain.split("\n")
            assert "".join(lines).replace(" ", "") == sample.replace(" ", ""), (sample, width)
            for line in lines[1:]:
                assert line[:1] not in NO_LINE_START, (sample, width, lines)
            for line in lines:
                assert cell_len(line) <= width or " " not in line and len(line) <= 2, (width, lines)


def test_latin_words_stay_whole_and_styles_survive():
    text = Text("请调用 jax.jit ")
    text.append("update_counter", style="bold")
    text.append(" 再运行。")
    out = wrap_text(text, 16)
    lines = out.plain.split("\n")
    assert "update_counter" in lines and "jax.jit" in " ".join(lines)
    bold = [span for span in out.spans if span.style == "bold"]
    assert bold and out.plain[bold[0].start : bold[0].end] == "update_counter"


def test_source_line_breaks_are_kept():
    assert wrap_text(Text("第一行\n第二行"), 40).plain == "第一行\n第二行"


NUMBERS_WITH_UNITS = "用时 2 分 37 秒,第 13 行出错;尝试 3 次后 0.01 秒内跑完,缓存 512 MB。"


def test_a_number_stays_with_its_unit():
    for width in range(8, 40):
        lines = wrap_text(Text(NUMBERS_WITH_UNITS), width).plain.split("\n")
        for unit in ("2 分", "37 秒", "13 行", "3 次", "0.01 秒", "512 MB"):
            assert any(unit in line for line in lines), (width, unit, lines)


def test_wrapped_text_goes_on_under_its_words():
    from rich.console import Console

    from tutor.app.cjkwrap import Wrapped

    label = Text("✓ 不加 jit:数据 2, 4, 6, 8, 10 的平均值 2…6,状态 (2,1)…(30,5)  0.01 秒")
    for width in range(16, 70):
        console = Console(width=width, file=None, color_system=None, legacy_windows=False)
        lines = [
            "".join(seg.text for seg in line).rstrip()
            for line in console.render_lines(Wrapped(label, indent=2), pad=False)
        ]
        assert lines[0].startswith("✓ "), lines
        for line in lines[1:]:
            assert line.startswith("  ") and line[2] != " " and line[2] not in NO_LINE_START, lines
        assert any(line.endswith("0.01 秒") for line in lines), (width, lines)
        assert max(cell_len(line) for line in lines) <= width, lines
