"""A count that starts from nothing (`CompileLog()`) begins a new cache epoch instead of emptying
JAX's caches (tutor/worker/check_programs.py): inside it every compilation is counted exactly as
after `jax.clear_caches()`, and a batch worker's next job finds again the programs compiled before
the count, instead of tracing and lowering them anew."""

from tutor.protocol.result import Status
from tutor.running.batch import BatchWorker, run_batch_said
from tutor.running.runner import snippet_job

WORK = """
import jax, jax.numpy as jnp
from tutor.worker.checklib import CompileLog

@jax.jit
def double(x):
    return x * 2.0

def work():
    x = jax.random.normal(jax.random.key(3), (4,))
    return double(jnp.where(x > 0, x, 0.0)).sum() + jnp.arange(3.0).mean()
"""

AS_A_CLEAR = (
    WORK
    + """
work()  # everything compiled once before the counts
with CompileLog() as epoch:
    work()
jax.clear_caches()
with CompileLog(clear=False) as cleared:
    work()
print(epoch.total, cleared.total, sorted(epoch.names) == sorted(cleared.names))
with CompileLog(clear=False) as again:  # what the count compiled is found again
    work()
print(again.total)
"""
)

COMPILE_THEN_COUNT = WORK + "work()\nwith CompileLog():\n    pass\n"
FOUND_AGAIN = WORK + "with CompileLog(clear=False) as log:\n    work()\nprint(log.total)\n"


def test_a_count_from_nothing_counts_what_a_cleared_cache_compiles(runner):
    res = runner.run_sync(snippet_job(AS_A_CLEAR, label="epoch", time_limit=120.0))
    assert res.status is Status.PASSED, res.stderr
    counted, again = res.stdout.splitlines()
    n_epoch, n_cleared, same = counted.split()
    assert int(n_epoch) > 2 and n_epoch == n_cleared and same == "True"
    assert again == "0"


def test_the_next_job_of_a_batch_finds_the_programs_compiled_before_a_count():
    jobs = [
        snippet_job(COMPILE_THEN_COUNT, label="first", time_limit=120.0),
        snippet_job(FOUND_AGAIN, label="next", time_limit=120.0),
    ]
    with BatchWorker() as worker:
        first, after = run_batch_said(jobs, [["zh"], ["zh"]], worker=worker)
        assert worker.started == 1
    assert first is not None and first["zh"].status is Status.PASSED, first
    assert after is not None and after["zh"].status is Status.PASSED, after["zh"].stderr
    # `double` is a new function in the next job; JAX's own programs (jax.random's, jnp.where's)
    # compiled by the first job before its count are found again: only `double` compiles
    assert after["zh"].stdout.split() == ["1"]
