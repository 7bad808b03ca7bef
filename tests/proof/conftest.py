"""The course proof's shared pieces: one batch worker kept for every exercise and page a pytest
process proves (JAX and the chapter contexts start once per process, not once per exercise), and
the order in which the proofs are handed to the `-n 3` processes: the heaviest exercises first,
so that the last proofs to finish are short ones and the processes end at about the same time.
The processes of a run share one compilation cache (`_one_xla_cache_per_run`)."""

import os
from pathlib import Path

import pytest

from tutor.authoring import probes
from tutor.worker.xlacache import CACHE_VAR


def run_folder(tmp_path_factory) -> Path:
    """The temporary folder of this pytest run: under pytest-xdist each process has its own
    (`popen-gwN`) inside the run's, which is shared by the processes of the run and by no other
    run."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session", autouse=True)
def _one_xla_cache_per_run(tmp_path_factory, _session_cache):
    """The workers of all the `-n 3` processes read and write one persistent compilation cache, in
    the run's own temporary folder: a program that several compile (a chapter context's,
    jax.random's, a check helper's) is compiled once per run instead of once per process. Nothing
    is kept for the next run: the folder is this run's (JAX writes an entry whole; a worker that
    reads one being written compiles it again, tutor/worker/xlacache.py)."""
    folder = run_folder(tmp_path_factory) / "xla-cache"
    folder.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(CACHE_VAR, str(folder))
        yield folder


@pytest.fixture(scope="session")
def batch_worker():
    from tutor.running.batch import BatchWorker

    with BatchWorker() as worker:
        yield worker


def _weight(item) -> tuple[int, float]:
    """(group, -cost): exercises by their limit times their runs, then the rest as collected."""
    params = getattr(item, "callspec", None)
    ex = params.params.get("ex") if params else None
    if ex is None:
        return (1, 0.0)
    runs = 4 + len(ex.wrong_solutions()) + len(probes.variant_names(ex))
    return (0, -ex.time_limit * runs)


def pytest_collection_modifyitems(items):
    items.sort(key=_weight)  # stable: the rest keep their order
