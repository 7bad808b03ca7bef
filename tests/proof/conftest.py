"""The course proof's shared pieces: one batch worker kept for every exercise and page a pytest
process proves (JAX and the chapter contexts start once per process, not once per exercise), and
the order in which the proofs are handed to the `-n 2` processes: the heaviest exercises first,
so that the last proofs to finish are short ones and both processes end at about the same time."""

import pytest

from tutor.authoring import probes


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
