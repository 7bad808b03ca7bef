"""The assertions a check makes about learner values: structure first (a tuple of n items, a
numeric array of a shape, a scalar, a callable), failing with a named reason instead of crashing;
then closeness (with the known mistake the value was shown to match, tutor/worker/comparison.py)
and equality. Each failure raises CheckFailed with a typed detail. Runs inside workers only.
Check modules import all of this through `tutor.worker.checklib`."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import numpy as np

from tutor.protocol import details as D
from tutor.words.catalog import t
from tutor.worker.comparison import Mistake, compare, leaf_pairs, which_mistake
from tutor.worker.pictures import describe, jsonable, numeric_array
from tutor.worker.value_relations import annotate


class CheckFailed(AssertionError):
    """Raised by the assertion helpers; the check fails with this message and detail."""

    def __init__(self, message: str, detail: D.Detail | None = None):
        super().__init__(message)
        self.message = message
        self.detail = detail


class CheckSkipped(Exception):
    """Raised by `skip`: the check had nothing to compare."""

    def __init__(self, reason: str, covered_by: str):
        super().__init__(reason)
        self.reason, self.covered_by = reason, covered_by


def skip(reason: str, *, covered_by: str) -> NoReturn:
    """End the current check as skipped, never passed: it had nothing to compare (a value it
    needs is NaN, missing, or of another structure) and `covered_by`, the id of another check
    of the module, judges what it would have compared (reports the NaN, the structure …).
    `reason` says why, in a few words (a catalog message: `msg(...)`). A run passes only when
    that check passed."""
    raise CheckSkipped(str(reason), covered_by)


# ---------------------------------------------------------------- structure first


def fail(msg: str, **values: Any) -> NoReturn:
    """Fail the current check; named `values` (expected=..., actual=...) are shown with it."""
    raise CheckFailed(
        msg, D.Condition(values={k: jsonable(v) for k, v in values.items()}) if values else None
    )


def assert_that(cond: Any, msg: str, **values: Any) -> None:
    """A plain condition; named `values` are shown when it fails."""
    if not bool(cond):
        fail(msg, **values)


def _structure_fail(what: str, expected: str, value: Any) -> NoReturn:
    raise CheckFailed(
        t("checklib.structure", what=what, expected=expected, actual=describe(value)),
        D.Structure(what=what, expected=expected, actual=describe(value)),
    )


def as_tuple(value: Any, n: int, what: str) -> tuple:
    """`value` as a tuple of n items: a tuple, a NamedTuple or a list of that length (a list where
    the chapter's own code indexes a pair is a fine answer)."""
    if isinstance(value, (tuple, list)) and not hasattr(value, "shape") and len(value) == n:
        return tuple(value)
    _structure_fail(what, t("checklib.tuple_of", n=n), value)


def as_entry(value: Any, key: Any, what: str, like: str) -> Any:
    """`value[key]` of a learner's container (dict, list, NamedTuple), or a structure failure that
    names the missing key and the structure it should have had (`like`)."""
    try:
        return value[key]
    except (KeyError, TypeError, IndexError):
        _structure_fail(what, t("checklib.entry_of", name=key, like=like), value)


def as_array(
    value: Any,
    what: str,
    *,
    shape: Sequence[int] | None = None,
    ndim: int | None = None,
    floating: bool = False,
) -> np.ndarray:
    """`value` as a numeric NumPy array (jax/NumPy arrays, numbers, nested lists); None, objects,
    ragged lists and the wrong shape or rank fail with the reason. `floating=True`: it must be a
    floating-point array too (before the check differentiates through the function)."""
    arr = None if value is None or isinstance(value, (str, bytes, dict)) else numeric_array(value)
    if arr is None or not (np.issubdtype(arr.dtype, np.number) or arr.dtype == np.bool_):
        _structure_fail(what, t("checklib.numeric_array"), value)
    if floating and not np.issubdtype(arr.dtype, np.floating):
        raise CheckFailed(
            t("checklib.floating", what=what, dtype=arr.dtype),
            D.DtypeMismatch(
                what=what,
                expected_dtype="float32",
                actual_dtype=str(arr.dtype),
                actual=jsonable(arr),
            ),
        )
    if ndim is not None and arr.ndim != ndim:
        raise CheckFailed(
            t("checklib.rank", what=what, expected=ndim, actual=arr.ndim, shape=tuple(arr.shape)),
            D.ShapeMismatch(
                what=what,
                expected_shape=None,
                actual_shape=list(arr.shape),
                expected=f"ndim {ndim}",
                actual=jsonable(arr),
            ),
        )
    if shape is not None and tuple(arr.shape) != tuple(shape):
        raise CheckFailed(
            t("checklib.shape", what=what, expected=tuple(shape), actual=tuple(arr.shape)),
            D.ShapeMismatch(
                what=what,
                expected_shape=list(shape),
                actual_shape=list(arr.shape),
                actual=jsonable(arr),
            ),
        )
    return arr


def as_scalar(value: Any, what: str) -> float:
    """`value` as a Python float: a number, a 0-d array or an array of one element."""
    arr = as_array(value, what)
    if arr.size != 1:
        _structure_fail(what, t("checklib.scalar"), value)
    return float(arr.reshape(()))


def as_callable(value: Any, what: str) -> Callable:
    if not callable(value):
        _structure_fail(what, t("checklib.callable"), value)
    return value


def fn_name(fn: Any) -> str:
    """The name a function compiles under: unwraps functools.partial and jit wrappers; a lambda
    is '<lambda>'; a callable object without __name__ gives its class name."""
    while isinstance(fn, functools.partial):
        fn = fn.func
    inner = getattr(fn, "__wrapped__", None)
    name = getattr(fn, "__name__", None)
    if name is None and inner is not None:
        name = getattr(inner, "__name__", None)
    return name if isinstance(name, str) else type(fn).__name__


def f64(x: Any) -> np.ndarray:
    """A float64 NumPy copy of a reference value (never of a learner value: use as_array)."""
    return np.asarray(x, dtype=np.float64)


# ---------------------------------------------------------------- closeness and equality


def assert_close(
    actual: Any,
    expected: Any,
    *,
    msg: str,
    rtol: float = 1e-5,
    atol: float = 1e-8,
    what: str = "",
    check_dtype: bool = False,
    mistakes: Sequence[Mistake] = (),
    diagnosis: str | None = None,
) -> None:
    """actual ≈ expected. On failure the message is that of the known mistake the actual value
    was shown to match, else `msg` (which says what differs without guessing a cause), and the
    detail carries the simple relation the values were computed to stand in, if any
    (tutor/worker/value_relations.py). A check that computed the cause itself (over several
    steps, say) passes its label as `diagnosis`: `msg` names it, and no relation repeats it."""
    detail = compare(actual, expected, rtol=rtol, atol=atol, what=what, check_dtype=check_dtype)
    if detail is None:
        return
    found = which_mistake(actual, mistakes, rtol=rtol, atol=atol) if mistakes else None
    if found is not None:
        detail.diagnosis = found.label
        msg = found.message
    elif diagnosis is not None:
        detail.diagnosis = diagnosis
    else:
        annotate(detail, leaf_pairs(actual, expected), rtol=rtol, atol=atol)
    if isinstance(detail, (D.ShapeMismatch,)) and detail.expected_shape is not None:
        msg += "\n" + t(
            "checklib.shape_note",
            expected=tuple(detail.expected_shape),
            actual=tuple(detail.actual_shape or ()),
        )
    elif isinstance(detail, D.DtypeMismatch):
        msg += "\n" + t(
            "checklib.dtype_note", expected=detail.expected_dtype, actual=detail.actual_dtype
        )
    elif isinstance(detail, D.Structure):
        msg += "\n" + t("checklib.structure_note", expected=detail.expected, actual=detail.actual)
    raise CheckFailed(msg, detail)


def assert_equal(actual: Any, expected: Any, msg: str, what: str = "") -> None:
    try:
        same = bool(actual == expected)
    except Exception:
        same = False
    if not same:
        raise CheckFailed(
            msg, D.Equal(what=what, expected=jsonable(expected), actual=jsonable(actual))
        )
