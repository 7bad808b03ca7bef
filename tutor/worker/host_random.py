"""A watcher that sees the learner's code draw numbers from the host's random generators (NumPy's
np.random and Python's random) instead of jax.random.

While open, the module-level functions of numpy.random and random (which draw from a hidden global
state) and the generator classes (np.random.default_rng, RandomState, Generator, random.Random)
are replaced by counting stand-ins. A call counts only when the frame making it is the learner's
own code (its globals are the module __main__, where the learner's file runs): a library that
the learner calls and that draws from NumPy by itself (jax.test_util.check_grads seeds its own
RandomState) is not the learner's draw. Seeding and reading or setting the state draw nothing and
are not watched."""

from __future__ import annotations

import contextlib
import functools
import sys
from collections import Counter

_NOT_DRAWS = {"seed", "get_state", "set_state", "getstate", "setstate", "get_bit_generator",
              "set_bit_generator"}  # fmt: skip
_NUMPY_CLASSES = ("RandomState", "Generator")
_PYTHON_CLASSES = ("Random", "SystemRandom")


def _learners(frame) -> bool:
    return frame is not None and frame.f_globals.get("__name__") == "__main__"


class HostRandomDraws(contextlib.AbstractContextManager):
    """Counts, by name (`np.random.randn`, `random.gauss`, …), the learner's calls that draw from
    NumPy's or Python's random generators while it is open."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self._saved: list[tuple[object, str, object]] = []

    @property
    def count(self) -> int:
        return sum(self.calls.values())

    def names(self) -> list[str]:
        return sorted(self.calls)

    def _function(self, module, attr: str, label: str):
        real = getattr(module, attr)
        calls = self.calls

        @functools.wraps(real)
        def counting(*args, **kwargs):
            if _learners(sys._getframe(1)):
                calls[label] += 1
            return real(*args, **kwargs)

        return counting

    def _class(self, module, attr: str, label: str):
        real = getattr(module, attr)
        calls = self.calls

        def __init__(obj, *args, **kwargs):
            if _learners(sys._getframe(1)):
                calls[label] += 1
            real.__init__(obj, *args, **kwargs)

        return type(real.__name__, (real,), {"__init__": __init__, "__module__": real.__module__})

    def __enter__(self):
        import random

        import numpy.random as npr

        self.calls.clear()
        plan = [(npr, "np.random", n, n in _NUMPY_CLASSES) for n in npr.__all__]
        plan += [(random, "random", n, n in _PYTHON_CLASSES) for n in random.__all__]
        for module, prefix, attr, is_class in plan:
            value = getattr(module, attr, None)
            if attr in _NOT_DRAWS or value is None:
                continue
            if isinstance(value, type) and not is_class:
                continue  # bit generators and SeedSequence draw nothing by themselves
            label = f"{prefix}.{attr}"
            make = self._class if is_class else self._function
            self._saved.append((module, attr, value))
            setattr(module, attr, make(module, attr, label))
        return self

    def __exit__(self, *exc):
        while self._saved:
            module, attr, value = self._saved.pop()
            setattr(module, attr, value)
        return False
