"""`close`: the answer of `compare(...) is None` without the detail of a difference, for checks
that ask it thousands of times (a1.6's table of wrong RK4 weights, 32 000 comparisons a run)."""

from collections import namedtuple

import numpy as np
import pytest

from tutor.worker.checklib import close, compare

Pair = namedtuple("Pair", "a b")

CASES = [
    (np.ones(3), np.ones(3)),
    (np.ones(3), np.ones(3) + 1e-13),
    (np.ones(3), np.ones(3) + 1e-9),
    (np.ones(3), np.ones(4)),
    (np.ones(3, np.float32), np.ones(3)),
    (np.array([np.nan, 1.0]), np.array([np.nan, 1.0])),
    (np.array([np.nan, 1.0]), np.array([0.0, 1.0])),
    (np.array([np.inf]), np.array([np.inf])),
    (np.array([-np.inf]), np.array([np.inf])),
    (np.array([1e300]), np.array([np.inf])),
    (2.0, 2.0),
    (None, 2.0),
    ("2", 2.0),
    (np.array(["a"]), np.array([1.0])),
    ({"w": np.ones(2), "b": 0.5}, {"w": np.ones(2), "b": 0.5}),
    ({"w": np.ones(2), "b": 0.5}, {"w": np.ones(2), "b": 0.6}),
    ({"w": np.ones(2), "c": 0.5}, {"w": np.ones(2), "b": 0.5}),
    ({"w": np.ones(2)}, {"w": np.ones(2), "b": 0.5}),
    ((np.ones(2), 1.0), Pair(np.ones(2), 1.0)),
    ([np.ones(2), 1.0], (np.ones(2), 1.0)),
    ((np.ones(2), 1.0), (1.0, np.ones(2))),
    (np.ones(2), (np.ones(2),)),
    (object(), 1.0),
    ([1, "a"], [1.0, 2.0]),
]


@pytest.mark.parametrize("actual, expected", CASES)
@pytest.mark.parametrize("rtol, atol, check_dtype", [(0, 1e-12, False), (1e-6, 0, True)])
def test_close_is_compare_finding_no_difference(actual, expected, rtol, atol, check_dtype):
    found = compare(actual, expected, rtol=rtol, atol=atol, check_dtype=check_dtype)
    assert close(actual, expected, rtol=rtol, atol=atol, check_dtype=check_dtype) is (found is None)


def test_close_answers_both_ways():
    assert close(np.ones(3), np.ones(3), rtol=0, atol=0)
    assert not close(np.ones(3), np.zeros(3), rtol=0, atol=0.5)
