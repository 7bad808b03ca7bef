"""The batch worker keeps the programs it read from JAX's persistent compilation cache
(tutor/worker/kept_executables.py): a later job asking for the same program gets it from memory,
and what a check counts (compilations) and every verdict stay what a job's lone run gives."""

from runnerhelp import timeless

from tutor.protocol.result import Status
from tutor.running.batch import BatchWorker, run_batch, run_batch_said
from tutor.running.runner import exercise_job, snippet_job

COMPILES = """
import jax, jax.numpy as jnp
from tutor.worker import kept_executables
from tutor.worker.checklib import CompileLog
before = kept_executables.hits
with CompileLog() as log:
    jax.jit(lambda x: jnp.sin(x) * 3 + 1)(jnp.arange(5.0)).block_until_ready()
print(log.total, sorted(log.names))
print("kept", kept_executables.hits - before)
"""


def _lines(res) -> tuple[str, int]:
    counted, kept = res.stdout.splitlines()
    return counted, int(kept.split()[1])


def test_a_later_job_gets_the_program_from_memory_and_counts_its_compilations_as_alone(runner):
    jobs = [snippet_job(COMPILES, label=f"job{k}", time_limit=120.0) for k in range(3)]
    with BatchWorker() as worker:
        ran = run_batch_said(jobs, [["zh"]] * 3, worker=worker)
        assert worker.started == 1
    results = [r["zh"] for r in ran]
    assert all(r.status is Status.PASSED for r in results), [r.stderr for r in results]
    alone = runner.run_sync(snippet_job(COMPILES, label="alone", time_limit=120.0))
    counted, kept_alone = _lines(alone)
    assert kept_alone == 0  # a learner's one-shot worker reads the cache as JAX does
    # the first job may compile (a cold cache) or read the file; by the third, memory answers
    assert _lines(results[2])[1] > 0
    assert [_lines(r)[0] for r in results] == [counted] * 3  # each compilation still counted


def test_fixtures_judged_on_compile_counts_get_the_verdict_of_their_lone_run(runner):
    """6.3's checks count compilations (a jit rebuilt on every call, a static learning rate):
    after the solution compiled the same programs in the batch, each verdict is the lone one."""
    from tutor.course.loader import load_course

    course = load_course()
    ex = course.exercise("6.3")
    ctx = course.chapter_of(ex.id).context_path
    wrong = ex.folder / "wrong"
    files = [wrong / "jit_inside.py", wrong / "static_lr.py"]
    jobs = [exercise_job(ex, f, ctx, time_limit=120.0) for f in [ex.solution_path, *files]]
    solution, *batched = run_batch(jobs)  # the fixtures compile the programs the solution did
    assert solution is not None and solution.status is Status.PASSED
    for path, res in zip(files, batched, strict=True):
        assert res is not None and res.status is Status.FAILED, path.name
        alone = runner.run_sync(exercise_job(ex, path, ctx, time_limit=120.0))
        assert timeless(res) == timeless(alone), path.name
