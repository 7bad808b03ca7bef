"""The check library used by the modules in checks/ (runs inside workers only: imports numpy,
and jax where a helper needs it).

A check module defines `checks = Checks()` and registers named checks in order:

    @checks.add("counts", "jit 包装后连续调用 5 次:计数 1…5")
    def _(L):                      # L: the learner's namespace (chapter context + their file)
        ...
        assert_close(actual, expected, rtol=0, atol=0, msg="…the misconception…")

A check passes when it returns; it fails when an assertion helper raises CheckFailed, which
carries a structured `detail` the app draws as a diff. `needs=` names earlier checks that must
pass first; otherwise every check runs, so one failure does not hide the others."""

from __future__ import annotations

import contextlib
import logging
import math
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

import numpy as np

from tutor.result import CheckOutcome, CheckStatus, ErrorInfo
from tutor.tracebacks import learner_error

MAX_ELEMENTS = 256        # elements of an array kept in a failure detail
MAX_MISMATCHES = 12


class CheckFailed(AssertionError):
    def __init__(self, message: str, detail: dict[str, Any] | None = None):
        super().__init__(message)
        self.message = message
        self.detail = detail


@dataclass
class Check:
    id: str
    name: str
    fn: Callable[["Learner"], Any]
    needs: tuple[str, ...] = ()


class Checks:
    """An ordered registry of named checks."""

    def __init__(self) -> None:
        self.items: list[Check] = []

    def add(self, id: str, name: str, needs: str | Iterable[str] = ()):
        needs_t = (needs,) if isinstance(needs, str) else tuple(needs)
        known = {c.id for c in self.items}
        if id in known:
            raise ValueError(f"duplicate check id {id!r}")
        for dep in needs_t:
            if dep not in known:
                raise ValueError(f"check {id!r} needs {dep!r}, which is not registered before it")

        def register(fn):
            self.items.append(Check(id=id, name=name, fn=fn, needs=needs_t))
            return fn

        return register

    def __iter__(self):
        return iter(self.items)

    def __len__(self):
        return len(self.items)


class Learner:
    """Attribute access to the learner's namespace: L.update_counter, L.ns['x']."""

    def __init__(self, ns: dict[str, Any]):
        object.__setattr__(self, "ns", ns)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.ns[name]
        except KeyError:
            raise CheckFailed(f"找不到 {name}:它应该在你的代码或本章上下文里定义。") from None

    def __contains__(self, name: str) -> bool:
        return name in self.ns

    def get(self, name: str, default=None):
        return self.ns.get(name, default)


def run_checks(checks: Checks, learner: Learner, learner_files: set[str],
               on_event: Callable[[dict], None] | None = None) -> tuple[list[CheckOutcome], ErrorInfo | None]:
    """Runs every check in order. Returns the outcomes and the first learner error, if any."""
    outcomes: list[CheckOutcome] = []
    by_id: dict[str, CheckOutcome] = {}
    first_error: ErrorInfo | None = None
    for check in checks:
        unmet = [d for d in check.needs if by_id[d].status != CheckStatus.PASSED]
        if unmet:
            from tutor.messages import t
            dep_name = by_id[unmet[0]].name
            out = CheckOutcome(id=check.id, name=check.name, status=CheckStatus.SKIPPED,
                               message=t("check.skipped_needs", dep=dep_name), needs=list(check.needs))
        else:
            if on_event:
                on_event({"type": "check_started", "id": check.id, "name": check.name})
            start = time.perf_counter()
            try:
                check.fn(learner)
                out = CheckOutcome(id=check.id, name=check.name, status=CheckStatus.PASSED)
            except CheckFailed as e:
                out = CheckOutcome(id=check.id, name=check.name, status=CheckStatus.FAILED,
                                   message=e.message, detail=e.detail)
            except Exception as e:  # the learner's code raised inside the check
                info = learner_error(e, learner_files)
                first_error = first_error or info
                msg = f"{info.type}: {info.message}"
                if info.hint:
                    msg += "\n" + info.hint
                out = CheckOutcome(id=check.id, name=check.name, status=CheckStatus.ERROR,
                                   message=msg, detail={"kind": "error", "line": info.line,
                                                        "traceback": info.traceback})
            out.duration_s = time.perf_counter() - start
            out.needs = list(check.needs)
        outcomes.append(out)
        by_id[check.id] = out
        if on_event:
            on_event({"type": "check_done", "check": out.to_dict()})
    return outcomes, first_error


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


def jsonable(value: Any, limit: int = MAX_ELEMENTS) -> Any:
    """A JSON-safe picture of a value: arrays as nested lists (capped), scalars as numbers."""
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
        flat = [_scalar(v) for v in arr.reshape(-1)[:limit]]
        return {"truncated_flat": flat, "shape": list(arr.shape)}
    return _tolist(arr)


def _tolist(arr: np.ndarray):
    if arr.ndim == 0:
        return _scalar(arr[()])
    return [_tolist(a) for a in arr]


def _as_array(value) -> np.ndarray | None:
    try:
        arr = np.asarray(value)
    except Exception:
        return None
    if arr.dtype == object:
        return None
    return arr


# ---------------------------------------------------------------- assertions


def fail(msg: str, **detail) -> None:
    """Fail the current check with a message and optional structured detail."""
    raise CheckFailed(msg, {"kind": "condition", **{k: jsonable(v) for k, v in detail.items()}} if detail else None)


def assert_that(cond: Any, msg: str, **detail) -> None:
    """A plain condition; `detail` values (e.g. expected=..., actual=...) are shown in the app."""
    if not bool(cond):
        fail(msg, **detail)


def assert_equal(actual: Any, expected: Any, msg: str, what: str = "") -> None:
    try:
        same = bool(actual == expected)
    except Exception:
        same = False
    if not same:
        raise CheckFailed(msg, {"kind": "equal", "what": what, "expected": jsonable(expected),
                                "actual": jsonable(actual)})


def assert_raises(exc_types, fn: Callable, *args, msg: str, **kwargs) -> BaseException:
    """fn(*args, **kwargs) must raise one of exc_types; returns the exception."""
    try:
        fn(*args, **kwargs)
    except exc_types as e:  # noqa: PERF203
        return e
    names = [t.__name__ for t in (exc_types if isinstance(exc_types, tuple) else (exc_types,))]
    raise CheckFailed(msg, {"kind": "raises", "expected": names, "actual": "没有抛出异常"})


def _leaf_compare(actual, expected, rtol: float, atol: float, check_dtype: bool) -> dict[str, Any]:
    exp = np.asarray(expected)
    act_arr = _as_array(actual)
    d: dict[str, Any] = {"ok": False}
    if act_arr is None:
        d.update(problem="type", expected=jsonable(exp), actual=repr(actual)[:300],
                 expected_shape=list(exp.shape))
        return d
    d["expected_shape"], d["actual_shape"] = list(exp.shape), list(act_arr.shape)
    d["expected_dtype"], d["actual_dtype"] = str(exp.dtype), str(act_arr.dtype)
    if exp.shape != act_arr.shape:
        d.update(problem="shape", expected=jsonable(exp), actual=jsonable(act_arr))
        return d
    if check_dtype and exp.dtype != act_arr.dtype:
        d.update(problem="dtype", expected=jsonable(exp), actual=jsonable(act_arr))
        return d
    if not (np.issubdtype(act_arr.dtype, np.number) or act_arr.dtype == np.bool_):
        d.update(problem="type", expected=jsonable(exp), actual=repr(actual)[:300])
        return d
    e64 = exp.astype(np.float64)
    a64 = act_arr.astype(np.float64)
    err = np.abs(a64 - e64)
    bad = ~(err <= atol + rtol * np.abs(e64))
    both_nan = np.isnan(a64) & np.isnan(e64)
    bad &= ~both_nan
    finite_err = np.where(np.isfinite(err), err, np.inf)
    idx = np.argwhere(bad)
    d.update(expected=jsonable(exp), actual=jsonable(act_arr),
             max_abs_err=_scalar(finite_err.max()) if finite_err.size else 0.0,
             mismatched=int(bad.sum()), total=int(bad.size),
             first_mismatches=[[[int(i) for i in ix], _scalar(e64[tuple(ix)]), _scalar(a64[tuple(ix)])]
                               for ix in idx[:MAX_MISMATCHES]])
    d["ok"] = not bad.any()
    return d


def _flatten(tree) -> tuple[list[str], list[Any]]:
    import jax

    leaves_with_paths, _ = jax.tree_util.tree_flatten_with_path(tree)
    return ([jax.tree_util.keystr(p) or "<根>" for p, _ in leaves_with_paths],
            [leaf for _, leaf in leaves_with_paths])


def _is_tree(x) -> bool:
    return isinstance(x, (dict, list, tuple)) or (
        hasattr(x, "__dataclass_fields__") and not hasattr(x, "shape"))


def assert_close(actual: Any, expected: Any, *, msg: str, rtol: float = 1e-5, atol: float = 1e-8,
                 what: str = "", check_dtype: bool = False) -> None:
    """actual ≈ expected elementwise (|a − e| ≤ atol + rtol·|e|), for scalars, arrays and pytrees.

    The expected value is computed by the check itself (NumPy float64). The failure detail
    carries shapes, dtypes, the largest error and the first differing elements, per leaf."""
    if _is_tree(expected) or _is_tree(actual):
        e_paths, e_leaves = _flatten(expected)
        try:
            a_paths, a_leaves = _flatten(actual)
        except Exception:
            a_paths, a_leaves = ["<根>"], [actual]
        if len(a_leaves) != len(e_leaves):
            raise CheckFailed(msg + f"\n(结构不同:期望 {len(e_leaves)} 个叶子,实际 {len(a_leaves)} 个)",
                              {"kind": "structure", "what": what, "expected_paths": e_paths,
                               "actual_paths": a_paths, "expected": jsonable(expected)})
        paths = e_paths if a_paths != e_paths else a_paths
        leaves = []
        for path, a, e in zip(paths, a_leaves, e_leaves):
            leaf = _leaf_compare(a, e, rtol, atol, check_dtype)
            leaf["path"] = path
            leaves.append(leaf)
        if all(l["ok"] for l in leaves):
            return
        errs = [l.get("max_abs_err", 0.0) for l in leaves if isinstance(l.get("max_abs_err"), float)]
        raise CheckFailed(msg, {
            "kind": "tree", "what": what, "rtol": rtol, "atol": atol, "leaves": leaves,
            "max_abs_err": max(errs) if errs else None,
            "mismatched": sum(l.get("mismatched", 1) for l in leaves if not l["ok"]),
            "total": sum(l.get("total", 1) for l in leaves)})
    leaf = _leaf_compare(actual, expected, rtol, atol, check_dtype)
    if leaf["ok"]:
        return
    problem = leaf.pop("problem", None)
    detail = {"kind": "allclose" if problem is None else problem, "what": what, "rtol": rtol,
              "atol": atol, **{k: v for k, v in leaf.items() if k != "ok"}}
    if problem == "shape":
        msg += f"\n(形状不同:期望 {tuple(leaf['expected_shape'])},实际 {tuple(leaf['actual_shape'])})"
    elif problem == "dtype":
        msg += f"\n(dtype 不同:期望 {leaf['expected_dtype']},实际 {leaf['actual_dtype']})"
    raise CheckFailed(msg, detail)


# ---------------------------------------------------------------- traces and compiles


class TraceCounter:
    """Wraps a function so that each Python-level call (= each trace under jit) is counted."""

    def __init__(self, fn: Callable):
        import functools

        self.count = 0
        self.fn = fn

        @functools.wraps(fn)
        def counted(*args, **kwargs):
            self.count += 1
            return fn(*args, **kwargs)

        self.wrapped = counted


_COMPILE_RE = re.compile(r"Compiling (?:jit\()?([^\s()]+)\)? ")


class CompileLog(contextlib.AbstractContextManager):
    """Records the name of every XLA compilation inside the block (via jax_log_compiles),
    without printing anything. `clear=True` empties JAX's caches first so counts start at 0."""

    _LOGGERS = ("jax._src.interpreters.pxla", "jax._src.dispatch")

    def __init__(self, clear: bool = True):
        self.clear = clear
        self.names: list[str] = []

    def __enter__(self):
        import jax

        if self.clear:
            jax.clear_caches()
        self._old_flag = jax.config.jax_log_compiles
        jax.config.update("jax_log_compiles", True)
        log = self

        class _Handler(logging.Handler):
            def emit(self, record):
                m = _COMPILE_RE.match(record.getMessage())
                if m:
                    log.names.append(m.group(1))

        self._handler = _Handler(level=logging.DEBUG)
        self._saved = []
        for name in self._LOGGERS:
            lg = logging.getLogger(name)
            self._saved.append((lg, lg.propagate, lg.level))
            lg.addHandler(self._handler)
            lg.propagate = False
            lg.setLevel(logging.DEBUG)
        return self

    def __exit__(self, *exc):
        import jax

        jax.config.update("jax_log_compiles", self._old_flag)
        for lg, prop, level in self._saved:
            lg.removeHandler(self._handler)
            lg.propagate = prop
            lg.setLevel(level)
        return False

    def count(self, name: str) -> int:
        return sum(1 for n in self.names if n == name)


def assert_compile_count(log: CompileLog, name: str, *, msg: str, expected: int | None = None,
                         at_most: int | None = None) -> None:
    n = log.count(name)
    ok = (expected is None or n == expected) and (at_most is None or n <= at_most)
    if not ok:
        others = sorted({x for x in log.names if x != name})
        raise CheckFailed(msg, {"kind": "compiles", "function": name, "actual": n,
                                "expected": expected, "at_most": at_most,
                                "other_compiles": others})


def rng(seed: int) -> np.random.Generator:
    """Fresh data for a check (never the numbers shown in the statement)."""
    return np.random.default_rng(seed)
