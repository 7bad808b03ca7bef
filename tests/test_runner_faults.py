"""The real worker survives bad code: each fault here is one only the worker proper handles (a
stack sampled inside JAX's compiled code, its dispatch or its tracing, or under the learner's own
faulthandler; memory or a loop inside a check; the learner's code replacing builtins, the check
library or the name the worker calls for the checks; a process pool pickling the learner's
functions). Each ends with the right status, leaves no process and no run folder behind. The
parent's handling of the faults every worker shows alike (limits, crashes, exits, floods of
output, escaping processes, forged or malformed messages) is proved with a worker without jax in
test_supervision.py. Statuses must not depend on machine speed: faults whose detection races the
time limit get a long one (LONG); how soon a run ends is measured by scripts/bench.py."""

import pytest
from runnerhelp import GOOD, LIMIT, LONG, WRONG, run_fault

from tutor.protocol.result import Status

PATCHED_CHECKLIB = (
    "import tutor.worker.checklib as c\n"
    "c.run_checks = lambda *a, **k: ([], None)\n"
    "c.assert_close = c.assert_that = c.assert_equal = c.fail = lambda *a, **k: None\n" + WRONG
)
# the learner's file replaces the name the worker calls for the checks: every declared check
# "passes" without running, unless the worker bound run_checks before the learner's code ran
FORGED_RUN_CHECKS = (
    "import tutor.worker.run_job as rj\n"
    "from tutor.protocol.result import CheckOutcome as O, CheckStatus as S\n"
    "def forged(checks, *a, **k):\n"
    "    return [O(id=c.id, name=c.name, status=S.PASSED) for c in checks], None\n"
    "rj.run_checks = forged\n" + WRONG
)
# the learner's function (called by a check) replaces builtins the check and the report use
BUILTINS_IN_FUNCTION = (
    "import builtins\n"
    "def update_counter(count, increment):\n"
    "    builtins.isinstance = lambda *a: True\n"
    "    return count + 1, increment\n"
)

# name: (code, expected status, time limit, memory cap in MB)
FAULTS = {
    "endless_jitted_while_loop": (
        "x = jax.jit(lambda x0: jax.lax.while_loop(lambda c: c < jnp.inf, lambda c: c + 1.0, x0))"
        "(jnp.float32(0))\n"
        "x.block_until_ready()\n",
        Status.TIMEOUT,
        LIMIT,
        3072,
    ),
    "endless_eager_jax_loop": (
        "x = jnp.float32(2.0)\nwhile True:\n    x = x - (x * x - 2.0) / (2.0 * x)\n",
        Status.TIMEOUT,
        LIMIT,
        3072,
    ),
    "endless_loop_while_tracing": (
        "@jax.jit\ndef spin(x):\n    while True:\n        x = x * 1.0001\n\nspin(jnp.float32(1))\n",
        Status.TIMEOUT,
        LIMIT,
        3072,
    ),
    # deep calls in a loop: Python's frames come and go in chunks of memory that are unmapped as
    # calls return, which a stack sample walked from another thread could read (SIGSEGV); and the
    # learner's own faulthandler timer (a way to debug a hang) must not replace the runner's sample
    "endless_deep_calls_under_a_faulthandler_timer": (
        "import faulthandler\nfaulthandler.dump_traceback_later(3600)\n\n"
        "def down(n):\n    return down(n - 1) if n else 0\n\nwhile True:\n    down(900)\n",
        Status.TIMEOUT,
        LIMIT,
        3072,
    ),
    "endless_loop_inside_a_check": (
        "def update_counter(count, increment):\n    while True:\n        pass\n",
        Status.TIMEOUT,
        LIMIT,
        3072,
    ),
    "endless_generator_inside_a_check": (
        "import itertools\ndef update_counter(count, increment):\n    return "
        "list(itertools.count())\n",
        Status.MEMORY,
        LONG,
        300,
    ),
    "patched_builtins": (
        "import builtins\nbuiltins.isinstance = builtins.len = builtins.open = None\n" + GOOD,
        Status.PASSED,
        LIMIT,
        3072,
    ),
    "patched_checklib": (PATCHED_CHECKLIB, Status.FAILED, LIMIT, 3072),
    "forged_run_checks": (FORGED_RUN_CHECKS, Status.FAILED, LIMIT, 3072),
    "builtins_replaced_inside_the_function": (BUILTINS_IN_FUNCTION, Status.ERROR, LIMIT, 3072),
    # functions of the learner's file are pickled by reference to __main__, as in a script
    "process_pool": (
        "import multiprocessing\n\ndef square(x):\n    return x * x\n\n"
        "with multiprocessing.Pool(2) as pool:\n    print('squares', pool.map(square, [1, 2, 3]))\n"
        + GOOD,
        Status.PASSED,
        LONG,
        3072,
    ),
}


# the endless loops, and the lines where their code can be when the time runs out
STUCK_AT = {
    "endless_jitted_while_loop": (1, 2),  # XLA on the CPU may run it in the calling thread
    "endless_eager_jax_loop": (2, 3),
    "endless_loop_while_tracing": (3, 4),
    # a sample taken as a call of `down` begins reads its def line: the call's first
    # instruction (RESUME) belongs to that line
    "endless_deep_calls_under_a_faulthandler_timer": (4, 5, 7, 8),
}


@pytest.mark.parametrize("name", list(FAULTS))
def test_fault_ends_with_status_and_leaves_nothing(fault_runner, tmp_path, name):
    _, result, _ = run_fault(fault_runner, tmp_path, FAULTS[name])
    if name == "endless_loop_inside_a_check":  # where the code was when the time ran out
        assert result.error.line in (2, 3) and "update_counter" in result.error.traceback
        assert "tutor/" not in result.error.traceback and "checks/" not in result.error.traceback
        assert str(LIMIT).rstrip("0").rstrip(".") in result.message
    if name in STUCK_AT:  # the time limit ended it, with the line where the code was
        assert result.error is not None and result.error.line in STUCK_AT[name], result.error
    if name == "builtins_replaced_inside_the_function":  # the learner's error, not the course's
        assert result.error is not None and "isinstance" in result.error.message
        assert not any("课程的问题" in (c.message or "") for c in result.checks)
    if name == "process_pool":
        assert "squares [1, 4, 9]" in result.stdout
