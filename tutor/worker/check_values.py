"""Values in checks: pictures of learner values for the result document, structure validation
that fails with a named reason instead of crashing, comparisons with typed failure details, and
diagnosis of known mistakes by testing them. Runs inside workers only (imports numpy; jax only
where a pytree must be flattened). Check modules import all of this through
`tutor.worker.checklib`."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from tutor.protocol import details as D
from tutor.words.catalog import t

MAX_ELEMENTS = 256  # elements of an array kept in a failure detail
MAX_MISMATCHES = 12


class CheckFailed(AssertionError):
    """Raised by the assertion helpers; the check fails with this message and detail."""

    def __init__(self, message: str, detail: D.Detail | None = None):
        super().__init__(message)
        self.message = message
        self.detail = detail


# ---------------------------------------------------------------- values for JSON


def _scalar(x) -> Any:
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    try:
        f = float(x)
    except (TypeError, ValueError):
        return repr(x)
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    return f


def _as_array(value) -> np.ndarray | None:
    try:
        arr = np.asarray(value)
    except Exception:
        return None
    if arr.dtype == object:
        return None
    return arr


def _tolist(arr: np.ndarray):
    if arr.ndim == 0:
        return _scalar(arr[()])
    return [_tolist(a) for a in arr]


def jsonable(value: Any, limit: int = MAX_ELEMENTS) -> Any:
    """A JSON-safe picture of a value: arrays as nested lists (or a truncated flat picture past
    `limit` elements, see tutor.protocol.details), scalars as numbers, anything else as its repr."""
    if isinstance(value, (str, type(None))):
        return value
    if isinstance(value, dict):
        return {str(k): jsonable(v, limit) for k, v in value.items()}
    if isinstance(value, (list, tuple)) and not hasattr(value, "shape"):
        return [jsonable(v, limit) for v in value]
    arr = _as_array(value)
    if arr is None:
        return repr(value)[:500]
    if arr.ndim == 0:
        return _scalar(arr[()])
    if arr.size > limit:
        return {
            "truncated_flat": [_scalar(v) for v in arr.reshape(-1)[:limit]],
            "shape": list(arr.shape),
        }
    return _tolist(arr)


def describe(value: Any) -> str:
    """A short account of what a value is, for structure failures, in the job's language:
    'list,3 个元素' / 'list of 3', 'None', 'float32 数组,形状 (2, 3)', 'float'."""
    if value is None:
        return "None"
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        return t("checklib.describe.array", dtype=value.dtype, shape=tuple(value.shape))
    if isinstance(value, (tuple, list)):
        return t("checklib.describe.items", kind=type(value).__name__, n=len(value))
    if isinstance(value, dict):
        return t("checklib.describe.dict", keys=sorted(map(str, value))[:8])
    return type(value).__name__


# ---------------------------------------------------------------- structure first


def fail(msg: str, **values) -> None:
    """Fail the current check; named `values` (expected=..., actual=...) are shown with it."""
    raise CheckFailed(
        msg, D.Condition(values={k: jsonable(v) for k, v in values.items()}) if values else None
    )


def assert_that(cond: Any, msg: str, **values) -> None:
    """A plain condition; named `values` are shown when it fails."""
    if not bool(cond):
        fail(msg, **values)


def _structure_fail(what: str, expected: str, value: Any) -> None:
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
    arr = None if value is None or isinstance(value, (str, bytes, dict)) else _as_array(value)
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


# ---------------------------------------------------------------- comparisons


def _leaf_compare(
    actual, expected, rtol: float, atol: float, check_dtype: bool, path: str = ""
) -> D.Leaf:
    exp = np.asarray(expected)
    act_arr = (
        None if actual is None or isinstance(actual, (str, bytes, dict)) else _as_array(actual)
    )
    leaf = D.Leaf(
        path=path,
        ok=False,
        expected_shape=list(exp.shape),
        expected_dtype=str(exp.dtype),
        expected=jsonable(exp),
    )
    if act_arr is None or not (
        np.issubdtype(act_arr.dtype, np.number) or act_arr.dtype == np.bool_
    ):
        leaf.problem, leaf.actual = "type", repr(actual)[:300]
        return leaf
    leaf.actual_shape, leaf.actual_dtype, leaf.actual = (
        list(act_arr.shape),
        str(act_arr.dtype),
        jsonable(act_arr),
    )
    if exp.shape != act_arr.shape:
        leaf.problem = "shape"
        return leaf
    if check_dtype and exp.dtype != act_arr.dtype:
        leaf.problem = "dtype"
        return leaf
    e64, a64 = exp.astype(np.float64), act_arr.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        err = np.abs(a64 - e64)
        bad = np.array(~(err <= atol + rtol * np.abs(e64)), dtype=bool)
    bad &= ~(np.isnan(a64) & np.isnan(e64))
    infinite = np.isinf(e64)  # an infinite expectation matches only itself
    bad[infinite] = a64[infinite] != e64[infinite]
    finite_err = np.where(np.isfinite(err), err, np.inf)
    leaf.max_abs_err = _scalar(finite_err.max()) if finite_err.size else 0.0
    leaf.mismatched, leaf.total = int(bad.sum()), int(bad.size)
    leaf.first_mismatches = [
        [[int(i) for i in ix], _scalar(e64[tuple(ix)]), _scalar(a64[tuple(ix)])]
        for ix in np.argwhere(bad)[:MAX_MISMATCHES]
    ]
    leaf.ok = not bad.any()
    return leaf


def _flatten(tree) -> tuple[list[str], list[Any]]:
    import jax

    with_paths, _ = jax.tree_util.tree_flatten_with_path(tree)
    return [jax.tree_util.keystr(p) or "<root>" for p, _ in with_paths], [
        leaf for _, leaf in with_paths
    ]


def _is_tree(x) -> bool:
    return isinstance(x, (dict, list, tuple)) or (
        hasattr(x, "__dataclass_fields__") and not hasattr(x, "shape")
    )


def compare(
    actual: Any,
    expected: Any,
    *,
    rtol: float,
    atol: float,
    what: str = "",
    check_dtype: bool = False,
) -> D.Detail | None:
    """None when actual ≈ expected (|a − e| ≤ atol + rtol·|e| elementwise, for scalars, arrays and
    pytrees); otherwise the typed detail of how they differ."""
    if _is_tree(expected) or _is_tree(actual):
        e_paths, e_leaves = _flatten(expected)
        try:
            a_paths, a_leaves = _flatten(actual)
        except Exception:
            a_paths, a_leaves = ["<root>"], [actual]
        if len(a_leaves) != len(e_leaves):
            return D.Structure(
                what=what,
                expected=t("checklib.leaves", n=len(e_leaves)),
                actual=t("checklib.leaves", n=len(a_leaves)),
                expected_paths=e_paths,
                actual_paths=a_paths,
            )
        paths = a_paths if a_paths == e_paths else e_paths
        leaves = [
            _leaf_compare(a, e, rtol, atol, check_dtype, p)
            for p, a, e in zip(paths, a_leaves, e_leaves, strict=True)  # counts checked above
        ]
        if all(leaf.ok for leaf in leaves):
            return None
        errs = [leaf.max_abs_err for leaf in leaves if isinstance(leaf.max_abs_err, float)]
        return D.Tree(
            what=what,
            rtol=rtol,
            atol=atol,
            leaves=leaves,
            max_abs_err=max(errs) if errs else None,
            mismatched=sum(
                leaf.mismatched if leaf.mismatched is not None else 1
                for leaf in leaves
                if not leaf.ok
            ),
            total=sum(leaf.total or 1 for leaf in leaves),
        )
    leaf = _leaf_compare(actual, expected, rtol, atol, check_dtype)
    if leaf.ok:
        return None
    cls = {
        None: D.AllClose,
        "shape": D.ShapeMismatch,
        "dtype": D.DtypeMismatch,
        "type": D.TypeMismatch,
    }[leaf.problem]
    return cls(
        what=what,
        rtol=rtol,
        atol=atol,
        expected=leaf.expected,
        actual=leaf.actual,
        expected_shape=leaf.expected_shape,
        actual_shape=leaf.actual_shape,
        expected_dtype=leaf.expected_dtype,
        actual_dtype=leaf.actual_dtype,
        max_abs_err=leaf.max_abs_err,
        mismatched=leaf.mismatched,
        total=leaf.total,
        first_mismatches=leaf.first_mismatches,
    )


class Mistake(NamedTuple):
    """A known mistake: what it would produce (computed by the check) and the message naming it."""

    label: str
    value: Any
    message: str


def _nans_agree(actual: Any, value: Any) -> tuple[Any, Any]:
    """Both arrays with the places where both are NaN set to 0 (other inputs unchanged)."""
    a, v = _as_array(actual), _as_array(value)
    if a is None or v is None or a.shape != v.shape or a.dtype.kind not in "fc":
        return actual, value
    both = np.isnan(a) & np.isnan(v)
    if not both.any():
        return actual, value
    return np.where(both, 0, a), np.where(both, 0, v)


def which_mistake(
    actual: Any, mistakes: Sequence[Mistake], *, rtol: float, atol: float
) -> Mistake | None:
    """The first mistake whose value the learner's output matches (same tolerances), else None.
    A NaN the mistake produces matches a NaN in the same place (0/0 is what the mistake does)."""
    for m in mistakes:
        try:
            got, value = _nans_agree(actual, m.value)
            if compare(got, value, rtol=rtol, atol=atol) is None:
                return m
        except Exception:  # a structure the mistake cannot be compared with: not this one
            continue
    return None


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
) -> None:
    """actual ≈ expected. On failure the message is that of the known mistake the actual value
    was shown to match, else `msg` (which says what differs without guessing a cause)."""
    detail = compare(actual, expected, rtol=rtol, atol=atol, what=what, check_dtype=check_dtype)
    if detail is None:
        return
    found = which_mistake(actual, mistakes, rtol=rtol, atol=atol) if mistakes else None
    if found is not None:
        detail.diagnosis = found.label
        msg = found.message
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
