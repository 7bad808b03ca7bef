"""Whether a learner's values that differ from the expected ones (same shape) stand in a simple
relation to them: every value −1 × the expected one, k × it, the expected one plus a constant,
its square or square root; or the expected array with two axes swapped, reversed along an axis,
or shifted by one step along an axis. Computed only after a comparison failed, and reported as a
typed `details.Relation` stating the fact (never a cause beyond what the relation implies).

A relation holds when the learner's value matches the related expected value under the same
test as the comparison (|a − p| ≤ atol + rtol·|p| on every element; NaN only against NaN, an
infinity only against itself). Against coincidence:
- evidence: an element where the related value differs from the expected one by more than
  MARGIN × the tolerance (and, for the value relations, both are above MARGIN × atol: a ratio of
  near-zeros proves nothing). The sign needs one such element; every other relation two.
- a single number (a scalar) can only show the sign: any other factor, an offset, a square fits
  a single number by construction or by accident (2² = 2·2).
- the value relations other than the sign need evidence at two distinct expected values: on a
  constant array a factor and an offset fit alike.
- a factor or offset is estimated (the median, over a spread sample of a large array), then
  checked on every element; it is shown as an integer or 1/integer, else with the fewest
  significant digits (from four) whose value passes the test itself, else said to be approximate.
- no relation for arrays above MAX_ELEMENTS (the cost stays small) or for complex values.
Runs inside workers only (imports numpy)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from tutor.protocol import details as D
from tutor.words.catalog import t
from tutor.worker.comparison import agree, numeric_dtype
from tutor.worker.pictures import numeric_array

MARGIN = 10.0
MAX_ELEMENTS = 1_000_000
SAMPLE = 256  # elements tested before the whole array


def _close(a: np.ndarray, p: np.ndarray, rtol: float, atol: float) -> bool:
    return bool(agree(a, p, rtol, atol).all())


def _spread(n: int) -> np.ndarray:
    """At most SAMPLE flat indices spread evenly over n elements."""
    return np.unique(np.linspace(0, n - 1, min(n, SAMPLE)).astype(np.intp))


def _matches(a: np.ndarray, p: np.ndarray, rtol: float, atol: float) -> bool:
    """Whether `a` matches `p` on every element, as the comparison tests (a spread sample of
    the elements first: most candidates fail there, without a pass over a large array)."""
    if a.size > SAMPLE:
        where = _spread(a.size)
        if not _close(a.flat[where], p.flat[where], rtol, atol):
            return False
    return _close(a, p, rtol, atol)


def _evidence(e: np.ndarray, p: np.ndarray, rtol: float, atol: float, values: bool) -> np.ndarray:
    """The elements where the related value `p` differs clearly from the expected value `e`."""
    tol = atol + rtol * np.maximum(np.abs(e), np.abs(p))
    ev = np.isfinite(e) & np.isfinite(p) & (np.abs(p - e) > MARGIN * tol)
    if values:
        ev &= (np.abs(e) > MARGIN * atol) & (np.abs(p) > MARGIN * atol)
    return ev


def _number(x: float, digits: int = 4) -> str:
    return f"{x:.{digits}g}".replace("-", "−")


def _shown(x: float, holds, avoid: float) -> tuple[float, str, bool]:
    """(value, text, exact) of an estimated parameter: the fewest significant digits, from four,
    whose value passes the test (exact); else the estimate, approximate, to four digits or more
    when four would read `avoid` (a factor 1, an offset 0, which would say nothing)."""
    for digits in range(4, 13):
        shown = float(f"{x:.{digits}g}")
        if holds(shown):
            return shown, _number(shown, digits), True
        if shown != avoid and digits >= 6:
            break
    digits = next((d for d in range(4, 18) if float(f"{x:.{d}g}") != avoid), 17)
    return x, _number(x, digits), False


def _shown_factor(k: float, holds) -> tuple[float, str, bool]:
    """(value, text, exact) of a factor: an integer or 1/integer when that passes the test,
    else as `_shown` gives it."""
    n = round(k)
    if n not in (0, 1) and holds(float(n)):
        return float(n), _number(n), True
    if k != 0 and abs(k) < 1 and (m := round(1 / k)) not in (0, 1, -1) and holds(1 / m):
        return 1 / m, ("−" if m < 0 else "") + f"1/{abs(m)}", True
    return _shown(k, holds, 1.0)


def _value_relations(
    a: np.ndarray, e: np.ndarray, rtol: float, atol: float
) -> Iterator[D.Relation | None]:
    # a factor and an offset are estimated on a spread sample (they must hold on every element
    # anyway), or on every element when the sample holds none above atol
    finite = usable = np.zeros(0, bool)
    for sa, se in ((a.flat[_spread(a.size)], e.flat[_spread(a.size)]), (a.ravel(), e.ravel())):
        finite = np.isfinite(se) & np.isfinite(sa)
        usable = finite & (np.abs(se) > MARGIN * atol)
        if usable.any():
            break

    def holds_factor(k: float) -> bool:
        return _matches(a, k * e, rtol, atol)

    def holds_offset(c: float) -> bool:
        return _matches(a, e + c, rtol, atol)

    def enough(p: np.ndarray) -> bool:
        ev = _evidence(e, p, rtol, atol, values=True)
        if ev.sum() < 2:
            return False
        spread = e[ev].max() - e[ev].min()
        return bool(spread > MARGIN * (atol + rtol * np.abs(e[ev]).max()))

    sign = -e
    if _matches(a, sign, rtol, atol) and _evidence(e, sign, rtol, atol, values=True).any():
        yield D.Relation("sign", t("relation.sign"), factor=-1.0)
        return
    if e.size < 2:
        return
    if usable.any():
        k = float(np.median(sa[usable] / se[usable]))
        if np.isfinite(k) and holds_factor(k) and enough(k * e):
            value, text, exact = _shown_factor(k, holds_factor)
            key = "relation.factor" if exact else "relation.factor_about"
            yield D.Relation("factor", t(key, k=text), factor=value)
            return
    if finite.any():
        c = float(np.median(sa[finite] - se[finite]))
        if holds_offset(c) and enough(e + c):
            value, text, exact = _shown(c, holds_offset, 0.0)
            key = "relation.offset" if exact else "relation.offset_about"
            yield D.Relation("offset", t(key, c=text), offset=value)
            return
    for kind, p in (("square", np.square), ("sqrt", np.sqrt)):
        related = p(e)
        yield (
            D.Relation(kind, t(f"relation.{kind}"))
            if _matches(a, related, rtol, atol) and enough(related)
            else None
        )


def _along(ndim: int, axis: int, start: int, stop: int) -> tuple[slice, ...]:
    """The index of the elements start..stop−1 along `axis` (a view, not a copy)."""
    return tuple(slice(start, stop) if i == axis else slice(None) for i in range(ndim))


def _moved(a: np.ndarray, e: np.ndarray, rtol: float, atol: float) -> Iterator[D.Relation | None]:
    """The expected array with two axes swapped, reversed, or shifted by one step."""

    def shows(got: np.ndarray, p: np.ndarray, same_place: np.ndarray) -> bool:
        if not _matches(got, p, rtol, atol):
            return False
        return int(_evidence(same_place, p, rtol, atol, values=False).sum()) >= 2

    for i in range(e.ndim):
        for j in range(i + 1, e.ndim):
            if e.shape[i] == e.shape[j] >= 2 and shows(a, np.swapaxes(e, i, j), e):
                yield D.Relation("swapped", t("relation.swapped", i=i, j=j), axes=[i, j])
    for axis, n in enumerate(e.shape):
        if n >= 2 and shows(a, np.flip(e, axis), e):
            yield D.Relation("reversed", t("relation.reversed", axis=axis), axes=[axis])
    for axis, n in enumerate(e.shape):
        if n < 3:
            continue
        head, tail = _along(e.ndim, axis, 0, n - 1), _along(e.ndim, axis, 1, n)
        for step, mine, theirs in ((1, head, tail), (-1, tail, head)):
            if shows(a[mine], e[theirs], e[mine]):
                key = "relation.shift_next" if step == 1 else "relation.shift_prev"
                yield D.Relation("shifted", t(key, axis=axis), axes=[axis], step=step)


def _real(dtype: np.dtype) -> bool:
    """A number the comparison compares that is not complex (nor a string or an object)."""
    return numeric_dtype(dtype) and dtype.kind != "c"


def find_relation(actual: Any, expected: Any, *, rtol: float, atol: float) -> D.Relation | None:
    """The first relation (in the order of this module's docstring) the learner's value stands in
    to the expected one, or None; None too for values of another shape or that are not real
    numbers."""
    a, e = numeric_array(actual), numeric_array(expected)
    if a is None or e is None or a.shape != e.shape or not 0 < e.size <= MAX_ELEMENTS:
        return None
    if not (_real(a.dtype) and _real(e.dtype)):
        return None
    a64, e64 = np.atleast_1d(a.astype(np.float64)), np.atleast_1d(e.astype(np.float64))
    if not np.isfinite(e64).any():
        return None
    with np.errstate(all="ignore"):
        for found in _value_relations(a64, e64, rtol, atol):
            if found is not None:
                return found
        if e64.size >= 2:
            for found in _moved(a64, e64, rtol, atol):
                if found is not None:
                    return found
    return None


def annotate(detail: D.Detail, pairs: list[tuple[Any, Any]], *, rtol: float, atol: float) -> None:
    """Set the relation of an AllClose detail, or of each failing leaf of a Tree whose elements
    differ; `pairs` are the (actual, expected) values compared, one per leaf (one for AllClose)."""
    if isinstance(detail, D.AllClose) and len(pairs) == 1:
        detail.relation = find_relation(*pairs[0], rtol=rtol, atol=atol)
    elif isinstance(detail, D.Tree) and len(pairs) == len(detail.leaves):
        for leaf, (a, e) in zip(detail.leaves, pairs, strict=True):
            if not leaf.ok and leaf.problem is None:
                found = find_relation(a, e, rtol=rtol, atol=atol)
                if found is not None:  # said of this leaf only: the others may be right
                    found.text = t("relation.in_leaf", text=found.text[:1].lower() + found.text[1:])
                leaf.relation = found
