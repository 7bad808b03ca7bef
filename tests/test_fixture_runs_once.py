"""A wrong fixture is the same code in both languages, so the course proof runs it once and judges
that one run's words in each language: its input carries the English judge (`said_in`), held to
the `# expect.en:` words, beside the Chinese one, held to `# expect:`. The solution and the starter
have an English version of their own (`solution.en.py`, `starter.en.py`) and run apart, except a
solution whose English version differs only in comments: the same program, run once."""

from __future__ import annotations

from tutor.authoring.course_proof import exercise_inputs, program
from tutor.course.expectations import parse_expectation
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status


def _failing(ex_id: str, check: str, message: str) -> RunResult:
    out = CheckOutcome(id=check, name=check, status=CheckStatus.FAILED, message=message)
    return RunResult(exercise=ex_id, status=Status.FAILED, checks=[out])


def test_each_fixture_is_one_run_judged_in_both_languages(course, tmp_path):
    ex = course.exercise("6.1")
    inputs = exercise_inputs(course, ex, tmp_path)
    labels = [i.label for i in inputs]
    for path in ex.wrong_solutions():
        label = f"6.1 wrong/{path.name}"
        (fixture,) = [i for i in inputs if i.label == label]
        assert f"{label} [en]" not in labels  # no second run
        assert list(fixture.said_in) == ["en"]
        assert fixture.job().file == str(path.resolve())
    # the solution and the starter: a run in each language, each of its own file
    assert {"6.1 solution", "6.1 solution [en]", "6.1 starter", "6.1 starter [en]"} <= set(labels)
    (english,) = [i for i in inputs if i.label == "6.1 solution [en]"]
    assert english.job().lang == "en" and english.job().file.endswith("solution.en.py")


def test_a_solution_with_english_comments_only_is_one_run_judged_in_both(course, tmp_path):
    ex = course.exercise("0.1")
    english_file = ex.solution_path.with_name("solution.en.py")
    assert english_file.read_text() != ex.solution_path.read_text()
    assert program(english_file) == program(ex.solution_path)
    inputs = exercise_inputs(course, ex, tmp_path)
    (solution,) = [i for i in inputs if i.label.startswith("0.1 solution")]
    assert solution.label == "0.1 solution" and list(solution.said_in) == ["en"]
    assert {"0.1 starter", "0.1 starter [en]"} <= {i.label for i in inputs}  # starters run apart


def test_the_one_run_is_held_to_each_languages_words(course, tmp_path):
    ex = course.exercise("6.1")
    path = ex.wrong_solutions()[0]
    exp = parse_expectation(path)
    english_words = exp.in_lang("en").words
    assert exp.words and english_words
    (fixture,) = [i for i in exercise_inputs(course, ex, tmp_path) if i.label.endswith(path.name)]
    zh_words, en_words = " ".join(exp.words), " ".join(english_words)
    chinese, english = fixture.judge, fixture.said_in["en"]
    assert chinese(_failing("6.1", exp.check, zh_words))[0]
    assert not chinese(_failing("6.1", exp.check, en_words))[0]
    assert english(_failing("6.1", exp.check, en_words))[0]
    ok, why = english(_failing("6.1", exp.check, zh_words))
    assert not ok and english_words[0] in why
