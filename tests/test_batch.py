"""Batch mode of the course proof: one worker runs many trusted jobs, each in a fresh namespace
with its own output, and judges them as the runner judges a one-shot worker's; a job that overruns
its limit ends the batch and is left, with those after it, to a worker of its own; a verdict that
fails in the batch but holds alone is reported as a leak of process-wide state."""

from runnerhelp import timeless

from tutor.authoring.course_proof import Input, prove
from tutor.protocol.result import Status
from tutor.running.batch import BatchWorker, run_batch, run_batch_said
from tutor.running.runner import snippet_job
from tutor.words.catalog import say


def _job(code: str, label: str, time_limit: float = 120.0):
    return snippet_job(code, label=label, time_limit=time_limit)


def test_each_job_runs_in_a_fresh_namespace_with_its_own_output():
    jobs = [
        _job("hidden = 41\nprint('一', hidden + 1)", "first"),
        _job("print('hidden' in globals())\nimport sys\nprint('err', file=sys.stderr)", "second"),
        _job("raise ValueError('坏了')", "third"),
        _job("chart.line({'y': [1, 2]})\nprint('图')", "fourth"),
    ]
    first, second, third, fourth = run_batch(jobs)
    assert first.status is Status.PASSED and first.stdout == "一 42\n" and first.stderr == ""
    assert second.status is Status.PASSED and second.stdout == "False\n"
    assert second.stderr == "err\n"
    assert third.status is Status.ERROR and third.error.type == "ValueError"
    assert "坏了" in third.error.message and third.stdout == ""
    assert fourth.stdout == "图\n" and [c["type"] for c in fourth.charts] == ["line"]
    assert [r.exercise for r in (first, second, third, fourth)] == [j.exercise for j in jobs]


def test_a_job_that_overruns_its_limit_has_no_result_and_the_rest_run_in_a_new_worker():
    jobs = [
        _job("import os\nprint(os.getpid())", "before"),
        _job("while True:\n    pass", "endless", time_limit=1.0),
        _job("import os\nprint(os.getpid())", "after"),
    ]
    with BatchWorker() as worker:
        before, endless, after = run_batch_said(jobs, [["zh"]] * 3, worker=worker)
        assert worker.started == 2
    assert before["zh"].status is Status.PASSED and endless is None
    assert after["zh"].status is Status.PASSED
    assert after["zh"].stdout != before["zh"].stdout  # another process


def test_a_kept_worker_serves_many_batches_each_job_fresh_and_deaf_to_the_next():
    reads = "try:\n    print(input())\nexcept EOFError:\n    print('eof')"
    with BatchWorker() as worker:
        (first,) = run_batch_said([_job("hidden = 1\n" + reads, "one")], [["zh"]], worker=worker)
        second, third = run_batch_said(
            [_job("print('hidden' in globals())", "two"), _job(reads, "three")],
            [["zh"], ["zh"]],
            worker=worker,
        )
        assert worker.started == 1
    assert first["zh"].stdout == "eof\n" and second["zh"].stdout == "False\n"
    assert third["zh"].stdout == "eof\n"


def _prints(text: str):
    def judge(res):
        return res.status is Status.PASSED and text in res.stdout, res.stdout

    return judge


def test_a_verdict_that_holds_alone_but_not_after_a_leak_names_the_leak(runner):
    leak = Input(
        "leak",
        lambda: _job("import jax\njax.config.update('jax_enable_x64', True)", "leak"),
        _prints(""),
        alone=False,  # wrongly: the rule would run it alone
    )
    dtype = Input(
        "dtype",
        lambda: _job("import jax.numpy as jnp\nprint(jnp.zeros(1).dtype)", "dtype"),
        _prints("float32"),
        alone=False,
    )
    leaked = prove([leak, dtype], runner)
    assert leaked[0].ok and not leaked[1].ok
    assert "not alone" in leaked[1].why and "process-wide" in leaked[1].why
    leak.alone = True
    assert all(v.ok for v in prove([leak, dtype], runner))


def test_a_fixture_said_in_both_languages_reads_as_its_run_in_each_would():
    from tutor.course.loader import load_course
    from tutor.running.runner import exercise_job

    course = load_course()
    ex = course.exercise("0.1")
    ctx = course.chapter_of(ex.id).context_path
    wrong = ex.wrong_solutions()[0]

    def job(lang):
        return exercise_job(ex, wrong, ctx, time_limit=120.0, lang=lang)

    apart = dict(zip(["zh", "en"], run_batch([job("zh"), job("en")]), strict=True))
    (both,) = run_batch_said([job("zh")], [["zh", "en"]])
    assert set(both) == {"zh", "en"}
    for lang, alone in apart.items():
        assert timeless(both[lang]) == timeless(alone), lang
    failed = [c.message for c in both["en"].checks if c.status.value == "failed"]
    assert failed and failed != [c.message for c in both["zh"].checks if c.status.value == "failed"]


def test_words_a_job_cut_are_proved_by_a_run_in_each_language(runner):
    code = "from tutor.words.catalog import t\nprint(t('status.not_attempted')[:-1])"
    (cut,) = run_batch_said([_job(code, "cut")], [["zh", "en"]])
    assert cut == {}  # the marks do not pair: no language read from this run

    def prints_cut(lang):
        want = say(lang, "status.not_attempted")[:-1] + "\n"
        return lambda res: (res.status is Status.PASSED and res.stdout == want, res.stdout)

    inp = Input("cut", lambda: _job(code, "cut"), prints_cut("zh"), alone=False)
    inp.said_in["en"] = prints_cut("en")
    proofs = prove([inp], runner)
    assert [(p.label, p.ok) for p in proofs] == [("cut", True), ("cut [en]", True)]
    assert proofs[1].result.stdout == say("en", "status.not_attempted")[:-1] + "\n"
