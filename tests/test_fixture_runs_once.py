"""A wrong fixture is the same code in both languages, so the course proof runs it once and judges
that one run's words in each language: its input carries the English judge (`said_in`), held to
the `# expect.en:` words, beside the Chinese one, held to `# expect:`. The solution and the starter
have an English version of their own (`solution.en.py`, `starter.en.py`) and run apart, except a
solution (or the starter of an exercise that is not a repair) whose English version differs only in
comments: the same program, run once."""

from __future__ import annotations

import dataclasses

from tutor.authoring.course_proof import exercise_inputs, program, prove
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
    # the solution: a run in each language, each of its own file (its starter: see below)
    assert {"6.1 solution", "6.1 solution [en]"} <= set(labels)
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
    (starter,) = [i for i in inputs if i.label.startswith("0.1 starter")]  # so is its starter
    assert starter.label == "0.1 starter" and list(starter.said_in) == ["en"]


def test_a_repairs_starter_runs_in_each_language(course, tmp_path):
    ex = course.exercise("6.1-fix1")  # its broken starter's messages may quote its lines
    english_file = ex.starter_path.with_name("starter.en.py")
    assert ex.is_repair and program(english_file) == program(ex.starter_path)
    inputs = exercise_inputs(course, ex, tmp_path)
    starters = [i for i in inputs if i.label.startswith("6.1-fix1 starter")]
    assert [(i.label, i.job().lang) for i in starters] == [
        ("6.1-fix1 starter", "zh"),
        ("6.1-fix1 starter [en]", "en"),
    ]
    assert starters[1].job().file.endswith("starter.en.py")


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


class _CountingRunner:
    """A runner that counts the one-shot runs asked of it, passing them to the real one."""

    def __init__(self, runner):
        self.runner, self.jobs = runner, []

    def run_sync(self, job):
        self.jobs.append(job)
        return self.runner.run_sync(job)


def test_an_isolated_fixture_runs_once_in_a_process_of_its_own(course, tmp_path, runner):
    ex = course.exercise("6.1-fix2")
    label = "6.1-fix2 wrong/clear_caches.py"  # it empties the process's compilation caches
    (fixture,) = [i for i in exercise_inputs(course, ex, tmp_path) if i.label == label]
    assert fixture.alone and not fixture.fault and list(fixture.said_in) == ["en"]
    counting = _CountingRunner(runner)
    proofs = prove([fixture], counting)
    assert [(p.label, p.ok) for p in proofs] == [(label, True), (f"{label} [en]", True)], [
        p.why for p in proofs
    ]
    assert counting.jobs == []  # one batch worker of its own ran it, not a one-shot per language


def test_an_input_expected_to_end_in_a_fault_runs_in_one_shot_workers(course, tmp_path):
    ex = course.exercise("6.1-fix2")
    label = "6.1-fix2 wrong/clear_caches.py"
    (fixture,) = [i for i in exercise_inputs(course, ex, tmp_path) if i.label == label]
    faulty = dataclasses.replace(fixture, fault=True)  # as if its header said `timeout`
    stub = _Stub()
    proofs = prove([faulty], stub)
    assert [job.lang for job in stub.jobs] == ["zh", "en"]  # the runner's limits, per language
    assert [p.label for p in proofs] == [label, f"{label} [en]"]


class _Stub:
    """A runner that records the one-shot runs asked of it and answers each with a timeout."""

    def __init__(self):
        self.jobs = []

    def run_sync(self, job):
        self.jobs.append(job)
        return RunResult(exercise=job.exercise, status=Status.TIMEOUT)
