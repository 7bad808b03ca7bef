"""Chapter 7's `show_error` prints an error's first line; a long one ends at a sentence or a word
with " …", never in the middle of the code it quotes (lesson 7.6b once showed
"Toy example for this bug: `" with the rest cut off). Its code is taken from the context and run
alone: no JAX needed."""

import ast

import pytest

from tutor.course.loader import load_course

DONATED_TWICE = (
    "INVALID_ARGUMENT: Attempt to donate the same buffer twice in Execute() (flattened argument 1,"
    " replica 0, partition 0, first use: 0). Toy example for this bug: `f(donate(a), donate(a))`."
)


@pytest.fixture(scope="module")
def show_error():
    source = load_course().chapter_by_id["7"].context_source
    namespace: dict = {}
    for node in ast.parse(source).body:  # its functions, show_error and its helpers among them
        if isinstance(node, ast.FunctionDef):
            try:  # a def whose decorators or defaults need JAX is left out
                exec(
                    compile(ast.Module(body=[node], type_ignores=[]), "context.py", "exec"),
                    namespace,
                )
            except NameError:
                pass
    return namespace["show_error"]


def _shown(show_error, capsys, message: str) -> str:
    def fail():
        raise ValueError(message)

    assert isinstance(show_error(fail), ValueError)
    return capsys.readouterr().out.rstrip("\n")


def test_the_donation_error_of_lesson_7_6b_shows_whole(show_error, capsys):
    assert _shown(show_error, capsys, DONATED_TWICE) == f"❌ ValueError: {DONATED_TWICE}"


def test_a_long_first_line_ends_at_a_sentence_or_a_word(show_error, capsys):
    long = DONATED_TWICE + " Then some more words about what went wrong" * 3
    shown = _shown(show_error, capsys, long + "\nsecond line")
    assert shown.endswith("donate(a))`. …"), shown
    words = "word " * 60
    shown = _shown(show_error, capsys, words)
    assert shown.endswith("word …") and len(shown) < len("❌ ValueError: ") + 205, shown
