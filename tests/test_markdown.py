"""The course's one reading of Markdown (tutor/course/markdown.py): code-block flags and lines,
blocks, headings and segments that agree, the chapter context's definitions an include= block
shows, and CJK soft line breaks joined without a space (without a parse when there is no
fence)."""

import itertools
import tomllib
import uuid
from pathlib import Path

import pytest

from tutor.course.context import context_definitions
from tutor.course.loader import ContentError
from tutor.course.markdown import code_blocks, headings, join_cjk_breaks, reflow, segments

ROOT = Path(__file__).resolve().parents[1]


def test_code_block_flags_and_lines():
    md = "text\n```python run context timeout=90\nx = 1\n```\n\n```python include=f,g\n```\n"
    a, b = code_blocks(md, first_line=5)
    assert a.run and a.context and a.timeout == 90 and a.code == "x = 1\n" and a.line == 6
    assert not b.run and b.include == ("f", "g")


def test_one_meaning_of_blocks_headings_and_segments():
    md = (
        "# Title with `code`\n\nintro\n\n- item\n\n  ```python run\n  nested = 1\n  ```\n\n"
        "```python run\nx = 1\n```\n\n## Next *part*\n\nend\n"
    )
    blocks = code_blocks(md)
    assert [b.code for b in blocks] == ["x = 1\n"]  # a fence nested in a list stays prose
    assert [(h.level, h.text, h.line) for h in headings(md)] == [
        (1, "Title with code", 1),
        (2, "Next part", 15),
    ]
    segs = segments(md)
    assert [s.block is not None for s in segs] == [False, True, False]
    assert segs[1].line == blocks[0].line == 11 and "nested = 1" in segs[0].prose


def test_include_blocks_show_the_context_definitions(tmp_path):
    ctx = tmp_path / "context.py"
    ctx.write_text(
        "import jax\n\nLR = 0.1\n\n@jax.jit\ndef step(x):\n    return x - LR\n\nclass S:\n    "
        "pass\n"
    )
    assert (
        context_definitions(ctx, ["step", "LR"])
        == "@jax.jit\ndef step(x):\n    return x - LR\n\n\nLR = 0.1\n"
    )
    with pytest.raises(ContentError):
        context_definitions(ctx, ["missing"])


def test_cjk_soft_breaks_join_without_a_space():
    from tutor.course.markdown import join_cjk_breaks, reflow

    assert join_cjk_breaks("把 Python 函数\n走一遍") == "把 Python 函数走一遍"
    assert join_cjk_breaks("用 JAX\n编译") == "用 JAX\n编译"  # Latin–CJK keeps its (rendered) space
    assert (
        join_cjk_breaks("说明。\n- 列表项") == "说明。\n- 列表项"
    )  # a list item stays a list item
    assert join_cjk_breaks("行尾两个空格  \n换行") == "行尾两个空格  \n换行"  # a hard break stays
    text = "第一行\n第二行\n\n```python\n# 注释一\n# 注释二\n```\n结尾\n"
    assert reflow(text) == "第一行第二行\n\n```python\n# 注释一\n# 注释二\n```\n结尾\n"


def test_prose_without_a_fence_reflows_without_a_markdown_parse(monkeypatch):
    """Quiz texts and statements are mostly fence-free: loading them must not pay for a parse."""
    from tutor.course import markdown

    def no_parser():
        raise AssertionError("parsed")

    # the one parser of the course's dialect is not even asked for, for a text that no test
    # parsed before (a text parsed once is not parsed again)
    monkeypatch.setattr(markdown, "parser", no_parser)
    tag = uuid.uuid4().hex
    text = f"问题\n接着写\n\n- 选项一\n  续行\n\n用 `jit`\n编译 {tag}\n"
    joined = f"问题接着写\n\n- 选项一续行\n\n用 `jit`\n编译 {tag}\n"
    assert markdown.reflow(text) == markdown.join_cjk_breaks(text) == joined


def _reflow_by_parser(text: str) -> str:
    """reflow as the Markdown parser reads it: prose segments joined, code blocks untouched."""
    lines = text.split("\n")
    segs = segments(text)
    starts = [seg.line - 1 for seg in segs] + [len(lines)]
    out = lines[: starts[0]]
    for seg, (a, b) in zip(segs, itertools.pairwise(starts), strict=True):
        chunk = "\n".join(lines[a:b])
        out.extend((join_cjk_breaks(chunk) if seg.block is None else chunk).split("\n"))
    return "\n".join(out)


def _course_texts() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in (ROOT / "lessons").rglob("*.md")]

    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for v in value.values():
                yield from strings(v)
        elif isinstance(value, list):
            for v in value:
                yield from strings(v)

    for p in (ROOT / "lessons").rglob("*.toml"):
        texts.extend(strings(tomllib.loads(p.read_text(encoding="utf-8"))))
    return [t for t in texts if "```" in t or "~~~" in t]


def test_reflow_of_fenced_texts_reads_them_as_the_parser_does():
    """Quiz questions are reflowed at load with a line scan of their fences (so that `jaxtutor
    list` never imports markdown_it): on every fenced text of the course, and on indented,
    tilde and unclosed fences, it gives what the parser's reading gives."""
    cases = [
        *_course_texts(),
        "看下面\n代码:\n\n```python\nx = 1\n# 中文\n注释\n```\n之后\n的话",
        "列表:\n\n- 一项\n\n  ```python\n  y = 2\n  ```\n- 二\n项",
        "~~~~\n代码\n行\n~~~~\n散文\n一行",
        "散文\n两行\n\n```\n没有\n结束",
        "````md\n```\n内层\n```\n````\n后\n文",
    ]
    assert len(cases) > 100
    for text in cases:
        assert reflow(text) == _reflow_by_parser(text), text[:200]
