"""How a lesson page is cut into pieces (shown progressively) and runnable blocks."""

from __future__ import annotations

from tutor.app.pagesplit import outline_entries, split_page, split_sections
from tutor.course.markdown import CodeBlock

PAGE = "\n".join(
    ["# 标题", ""]
    + [f"第 {i} 段。" for i in range(30)]
    + [
        "",
        "## 小节",
        "",
        "| a | b |",
        "|---|---|",
        "| 1 | 2 |",
        "",
        "```python run context timeout=5",
        "x = 1",
        "",
        "# 不是标题",
        "print(x)",
        "```",
        "",
        "```python",
        "y = 2",
        "```",
        "",
        "## 结尾",
        "",
        "完。",
    ]
)


def test_runnable_blocks_are_cut_out_with_their_flags():
    parts = split_page(PAGE)
    blocks = [p for p in parts if isinstance(p, CodeBlock)]
    assert len(blocks) == 1
    b = blocks[0]
    assert b.run and b.context and b.timeout == 5.0 and "print(x)" in b.code
    text = "\n".join(p for p in parts if isinstance(p, str))
    assert "```python\nx = 1" in text  # the code stays on the page, highlighted, without flags
    assert "run context" not in text


def test_pieces_keep_everything_and_never_split_a_fence():
    parts = split_sections(split_page(PAGE), max_lines=10)
    pieces = [p for p in parts if isinstance(p, str)]
    assert len(pieces) > 3
    for piece in pieces:
        assert piece.count("```") % 2 == 0
    joined = "\n".join(pieces)
    for line in PAGE.split("\n"):
        if line.strip() and not line.startswith("```"):
            assert line in joined


def test_outline_skips_code_and_shows_headings_as_plain_text():
    entries = outline_entries(split_sections(split_page(PAGE), max_lines=10))
    assert [(level, text) for _, _, level, text in entries] == [
        (1, "标题"),
        (2, "小节"),
        (2, "结尾"),
    ]
    page = "## 用 `jax.jit` 包装\n\n正文\n\n```python\n## 代码里的注释\n```\n"
    assert [text for *_, text in outline_entries(split_page(page))] == ["用 jax.jit 包装"]


def test_a_fence_inside_a_list_stays_prose_and_longer_fences_survive():
    page = "- 一项:\n\n  ```python run\n  x = 1\n  ```\n\n````python run\nprint('```')\n````\n"
    parts = split_page(page)
    blocks = [p for p in parts if isinstance(p, CodeBlock)]
    assert [b.code for b in blocks] == ["print('```')\n"]  # only the top-level fence runs
    text = "\n".join(p for p in parts if isinstance(p, str))
    assert "````python\nprint('```')\n````" in text
