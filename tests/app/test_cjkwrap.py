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
