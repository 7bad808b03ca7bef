"""Batch mode of the course proof: one worker runs many trusted jobs, each in a fresh namespace
with its own output, and judges them as the runner judges a one-shot worker's; a job that overruns
its limit ends the batch and is left, with those after it, to a worker of its own; a verdict that
fails in the batch but holds alone is reported as a leak of process-wide state."""

from tutor.authoring.course_proof import Input, prove
from tutor.protocol.result import Status
from tutor.running.batch import run_batch
from tutor.running.runner import snippet_job


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


def test_a_job_that_overruns_its_limit_leaves_it_and_the_rest_without_a_result():
    jobs = [
        _job("print('done')", "before"),
        _job("while True:\n    pass", "endless", time_limit=1.0),
        _job("print('never')", "after"),
    ]
    before, endless, after = run_batch(jobs)
    assert before.status is Status.PASSED and before.stdout == "done\n"
    assert endless is None and after is None


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
