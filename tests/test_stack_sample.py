"""The stack sampled when a run's time runs out: a sample cut short (faulthandler stops at a
frame the interpreter is still pushing) is asked for again, and one that never comes ends the
wait at its limit. A stand-in process answers the signal as the worker's faulthandler would."""

import asyncio
import subprocess
import sys
import time

from test_protocol import CUT_SAMPLE, WHOLE_SAMPLE

from tutor.running.stack_sample import sample_stack
from tutor.worker import processes
from tutor.worker.main import STACK_SIGNAL

# answers each STACK_SIGNAL with the next of its samples; with none left it stays silent
STAND_IN = """
import signal, sys, time
path, samples = sys.argv[1], sys.argv[2:]
def answer(signum, frame):
    if samples:
        with open(path, "a") as fh:
            fh.write(samples.pop(0))
signal.signal({sig}, answer)
print("ready", flush=True)
while True:
    time.sleep(0.01)
"""


def _sample(tmp_path, samples: list[str], wait_s: float) -> tuple[str, float]:
    code = STAND_IN.format(sig=int(STACK_SIGNAL))
    path = tmp_path / "stack.txt"
    with subprocess.Popen(
        [sys.executable, "-c", code, str(path), *samples], stdout=subprocess.PIPE, text=True
    ) as proc:
        try:
            assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
            start = time.monotonic()
            dump = asyncio.run(sample_stack(processes.process(proc.pid), str(path), wait_s))
            return dump, time.monotonic() - start
        finally:
            proc.kill()


def test_a_cut_sample_is_asked_for_again(tmp_path):
    dump, _ = _sample(tmp_path, [CUT_SAMPLE, WHOLE_SAMPLE], wait_s=4)  # asked again after 1 s
    assert dump == CUT_SAMPLE + WHOLE_SAMPLE


def test_a_whole_sample_is_taken_at_once(tmp_path):
    dump, _ = _sample(tmp_path, [WHOLE_SAMPLE, CUT_SAMPLE], wait_s=30)
    assert dump == WHOLE_SAMPLE  # the second is never asked for


def test_a_sample_that_never_comes_whole_ends_the_wait_at_its_limit(tmp_path):
    dump, took = _sample(tmp_path, [CUT_SAMPLE] * 10, wait_s=0.4)
    assert dump.startswith(CUT_SAMPLE) and not dump.count('\n  File "/repo')
    assert took >= 0.4
