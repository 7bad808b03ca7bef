"""Comparing a learner's value with the expected one, for scalars, arrays and pytrees: None when
they agree within the tolerances, else the typed detail of how they differ (tutor.protocol.details,
drawn as a diff by the front ends); and the diagnosis of a known mistake, by testing whether the
learner's value matches what that mistake produces. Runs inside workers only (imports numpy; jax
only where a pytree must be flattened)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from tutor.protocol import details as D
from tutor.words.catalog import t
from tutor.worker.pictures import jsonable, numeric_array, plain_scalar

MAX_MISMATCHES = 12  # the first mismatching elements a detail lists


def numeric_dtype(dtype: np.dtype) -> bool:
    """A number or a bool, the extra float and int types JAX brings (bfloat16, float8, int4 from
    ml_dtypes: NumPy sees them as opaque records) included."""
    if np.issubdtype(dtype, np.number) or dtype == np.bool_:
        return True
    return dtype.kind == "V" and dtype.names is None and dtype.type.__module__ == "ml_dtypes"


def agree(actual: np.ndarray, expected: np.ndarray, rtol: float, atol: float) -> np.ndarray:
    """Elementwise, whether float64 `actual` passes the comparison's test against `expected`:
    |a − e| ≤ atol + rtol·|e|; NaN only against NaN; an infinity only against itself."""
    with np.errstate(invalid="ignore", over="ignore"):
        ok = np.array(np.abs(actual - expected) <= atol + rtol * np.abs(expected), dtype=bool)
    ok |= np.isnan(actual) & np.isnan(expected)
    infinite = np.isinf(expected)
    ok[infinite] = actual[infinite] == expected[infinite]
    return ok


def _comparable(
    actual: Any, expected: Any, check_dtype: bool
) -> tuple[np.ndarray, np.ndarray] | None:
    """(actual, expected) as float64 arrays when they can be compared element by element (the
    actual value numeric, the same shape, and the same dtype when `check_dtype`), else None."""
    exp = np.asarray(expected)
    if actual is None or isinstance(actual, (str, bytes, dict)):
        return None
    act_arr = numeric_array(actual)
    if act_arr is None or not numeric_dtype(act_arr.dtype) or exp.shape != act_arr.shape:
        return None
    if check_dtype and exp.dtype != act_arr.dtype:
        return None
    return act_arr.astype(np.float64), exp.astype(np.float64)


def close(
    actual: Any, expected: Any, *, rtol: float, atol: float, check_dtype: bool = False
) -> bool:
    """`compare(...) is None`, without building the detail of a difference: for a check that asks
    many times whether two values agree (a mistake's value against the ones already seen)."""
    if _is_tree(expected) or _is_tree(actual):
        _, e_steps, e_leaves = _flatten(expected)
        try:
            _, a_steps, a_leaves = _flatten(actual)
        except Exception:
            a_steps, a_leaves = [()], [actual]
        if len(a_leaves) != len(e_leaves) or _first_other_path(a_steps, e_steps) is not None:
            return False
        pairs = list(zip(a_leaves, e_leaves, strict=True))
    else:
        pairs = [(actual, expected)]
    for a, e in pairs:
        both = _comparable(a, e, check_dtype)
        if both is None or not agree(both[0], both[1], rtol, atol).all():
            return False
    return True


def _leaf_compare(
    actual: Any, expected: Any, rtol: float, atol: float, check_dtype: bool, path: str = ""
) -> D.Leaf:
    exp = np.asarray(expected)
    act_arr = (
        None if actual is None or isinstance(actual, (str, bytes, dict)) else numeric_array(actual)
    )
    leaf = D.Leaf(
        path=path,
        ok=False,
        expected_shape=list(exp.shape),
        expected_dtype=str(exp.dtype),
        expected=jsonable(exp),
    )
    if act_arr is None or not numeric_dtype(act_arr.dtype):
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
    bad = ~agree(a64, e64, rtol, atol)
    finite_err = np.where(np.isfinite(err), err, np.inf)
    leaf.max_abs_err = plain_scalar(finite_err.max()) if finite_err.size else 0.0
    leaf.mismatched, leaf.total = int(bad.sum()), int(bad.size)
    leaf.first_mismatches = [
        [[int(i) for i in ix], plain_scalar(e64[tuple(ix)]), plain_scalar(a64[tuple(ix)])]
        for ix in np.argwhere(bad)[:MAX_MISMATCHES]
    ]
    leaf.ok = not bad.any()
    return leaf


Step = tuple[str, Any]  # one step of a leaf's path: ("key", k), ("attr", name) or ("index", i)


def _flatten(tree: Any) -> tuple[list[str], list[tuple[Step, ...]], list[Any]]:
    """The leaves of `tree` with their paths, as shown (keystr) and as steps to compare."""
    import jax

    with_paths, _ = jax.tree_util.tree_flatten_with_path(tree)
    shown = [jax.tree_util.keystr(p) or "<root>" for p, _ in with_paths]
    return shown, [tuple(_step(k) for k in p) for p, _ in with_paths], [x for _, x in with_paths]


def _step(key: Any) -> Step:
    if hasattr(key, "key") and type(key).__name__ == "DictKey":
        return ("key", key.key)
    if hasattr(key, "name"):  # GetAttrKey: a NamedTuple's or a dataclass's field
        return ("attr", key.name)
    return ("index", getattr(key, "idx", getattr(key, "key", None)))


def _same_step(a: Step, e: Step) -> bool:
    """Steps of the same kind must be equal; a field matches the position of a plain tuple (a
    NamedTuple where a tuple is expected, or the reverse) and a dict key of its own name."""
    if a[0] == e[0]:
        return a[1] == e[1]
    return "attr" in (a[0], e[0]) and ("index" in (a[0], e[0]) or a[1] == e[1])


def _first_other_path(a_steps: list, e_steps: list) -> int | None:
    """The index of the first leaf whose path differs between two trees with as many leaves (a
    bare leaf on either side is not compared: a value and a tree of one leaf stay comparable)."""
    if any(not s for s in a_steps) or any(not s for s in e_steps):
        return None
    for i, (a, e) in enumerate(zip(a_steps, e_steps, strict=True)):
        if len(a) != len(e) or not all(_same_step(x, y) for x, y in zip(a, e, strict=True)):
            return i
    return None


def _is_tree(x: Any) -> bool:
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
        e_paths, e_steps, e_leaves = _flatten(expected)
        try:
            a_paths, a_steps, a_leaves = _flatten(actual)
        except Exception:
            a_paths, a_steps, a_leaves = ["<root>"], [()], [actual]
        if len(a_leaves) != len(e_leaves):
            return D.Structure(
                what=what,
                expected=t("checklib.leaves", n=len(e_leaves)),
                actual=t("checklib.leaves", n=len(a_leaves)),
                expected_paths=e_paths,
                actual_paths=a_paths,
            )
        other = _first_other_path(a_steps, e_steps)
        if other is not None:  # as many leaves, under other keys or in another kind of container
            return D.Structure(
                what=what,
                expected=t("checklib.leaf_at", path=e_paths[other]),
                actual=t("checklib.leaf_at", path=a_paths[other]),
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


def leaf_pairs(actual: Any, expected: Any) -> list[tuple[Any, Any]]:
    """The (actual, expected) values `compare` compared, in the order of a Tree detail's leaves
    (one pair when neither is a tree)."""
    if not (_is_tree(expected) or _is_tree(actual)):
        return [(actual, expected)]
    _, _, e_leaves = _flatten(expected)
    try:
        a_leaves = _flatten(actual)[2]
    except Exception:
        a_leaves = [actual]
    return list(zip(a_leaves, e_leaves, strict=False))  # as many when compare gave a Tree


class Mistake(NamedTuple):
    """A known mistake: what it would produce (computed by the check) and the message naming it."""

    label: str
    value: Any
    message: str


def _nans_agree(actual: Any, value: Any) -> tuple[Any, Any]:
    """Both arrays with the places where both are NaN set to 0 (other inputs unchanged)."""
    a, v = numeric_array(actual), numeric_array(value)
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
