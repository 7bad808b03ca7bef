"""Helpers shared by the check modules of chapter 6 (ex_6_1 … ex_6_7).

The check modules import it as `import _ch6 as H` (the runner puts checks/ on sys.path).
Learner values go through tutor.worker.checklib's as_* helpers before they reach anything here."""

from __future__ import annotations

import numpy as np

from tutor.worker.checklib import as_array, assert_equal, compare, fail, lead, msg


def tree64(tree):
    """Every leaf of a reference pytree as a float64 NumPy array."""
    import jax

    return jax.tree.map(lambda a: np.asarray(a, dtype=np.float64), tree)


def tree32(tree):
    """Every leaf of a pytree as a float32 JAX array (what the learner's code receives)."""
    import jax
    import jax.numpy as jnp

    return jax.tree.map(lambda leaf: jnp.asarray(leaf, dtype=jnp.float32), tree)


def trees_close(actual, expected, *, rtol: float, atol: float) -> bool:
    """True when both trees have the same structure and every leaf is close."""
    try:
        return compare(actual, expected, rtol=rtol, atol=atol) is None
    except Exception:  # a learner value that is not a tree of numbers at all
        return False


# ---------------------------------------------------------------- what jit sees of a state


def _leaf_text(leaf) -> str:
    import jax

    try:
        aval = jax.typeof(leaf)
    except TypeError:
        return type(leaf).__name__
    dims = ",".join(str(d) for d in aval.shape)
    return f"{aval.dtype}[{dims}]" + (msg("_ch6.weak_mark") if aval.weak_type else "")


def render(tree) -> str:
    """A state as jit's cache key sees it: containers, and dtype[shape] (+ the weak-type mark) per
    leaf, e.g. `(float32[], int32[] weak)` or `[float32[], int32[]]`."""
    if tree is None:
        return "None"
    if isinstance(tree, tuple) and hasattr(tree, "_fields"):
        inner = ", ".join(f"{k}={render(v)}" for k, v in zip(tree._fields, tree, strict=False))
        return f"{type(tree).__name__}({inner})"
    if isinstance(tree, tuple):
        return "(" + ", ".join(render(v) for v in tree) + ("," if len(tree) == 1 else "") + ")"
    if isinstance(tree, list):
        return "[" + ", ".join(render(v) for v in tree) + "]"
    if isinstance(tree, dict):
        return "{" + ", ".join(f"{k!r}: {render(v)}" for k, v in sorted(tree.items())) + "}"
    return _leaf_text(tree)


def _leaves(tree, root: str):
    import jax

    pairs, treedef = jax.tree_util.tree_flatten_with_path(tree)
    return treedef, [(root + jax.tree_util.keystr(p), leaf) for p, leaf in pairs]


def state_change(before, after, root: str | None = None) -> str | None:
    """How `after` differs from `before` in what jit keys its cache on (container, dtype, weak
    type, shape), in words; None when jit sees both the same way. `root` names the value in the
    paths (default: the catalog's word for "state")."""
    if render(before) == render(after):
        return None
    root = msg("_ch6.state") if root is None else root
    t_before, l_before = _leaves(before, root)
    t_after, l_after = _leaves(after, root)
    if t_before != t_after:
        return msg(
            "_ch6.container_changed", label=lead(root), before=render(before), after=render(after)
        )
    changes = [
        _leaf_change(path, a, b) for (path, a), (_, b) in zip(l_before, l_after, strict=False)
    ]
    weak_lost = any(kind == "weak" for kind, _ in changes)
    words = msg("_ch6.joiner").join(text for _, text in changes if text)
    if not words:
        return msg("_ch6.arrow", before=render(before), after=render(after))
    if weak_lost:
        words += msg("_ch6.weak_is_a_signature")
    return words


def _leaf_change(path: str, a, b) -> tuple[str, str | None]:
    """(what changed: type, shape, dtype, weak or other; the words), words None when jit sees
    both leaves the same way."""
    import jax

    ta, tb = _leaf_text(a), _leaf_text(b)
    if ta == tb:
        return "same", None
    label = lead(path)
    try:
        xa, xb = jax.typeof(a), jax.typeof(b)
    except TypeError:
        return "type", msg("_ch6.leaf_type", label=label, before=ta, after=tb)
    if xa.shape != xb.shape:
        shapes = {"from_shape": tuple(xa.shape), "to_shape": tuple(xb.shape)}
        return "shape", msg("_ch6.leaf_shape", label=label, before=ta, after=tb, **shapes)
    if xa.dtype != xb.dtype:
        dtypes = {"from_dtype": str(xa.dtype), "to_dtype": str(xb.dtype)}
        return "dtype", msg("_ch6.leaf_dtype", label=label, before=ta, after=tb, **dtypes)
    if xa.weak_type and not xb.weak_type:
        return "weak", msg("_ch6.leaf_weak", label=label, before=ta, after=tb)
    return "other", msg("_ch6.leaf_other", path=path, before=ta, after=tb)


def first_change(states, root: str | None = None) -> tuple[int, str] | None:
    """(k, words) for the first call k (0-based) whose input state jit sees differently from the
    previous call's; None when every call saw the same signature."""
    for k in range(1, len(states)):
        why = state_change(states[k - 1], states[k], root)
        if why:
            return k, why
    return None


# ---------------------------------------------------------------- programs


def _sub_programs(params):
    from jax.extend import core as jcore

    for value in params.values():
        for v in value if isinstance(value, (tuple, list)) else (value,):
            if isinstance(v, jcore.ClosedJaxpr):
                yield v.jaxpr
            elif isinstance(v, jcore.Jaxpr):
                yield v


def _reach(jaxpr, tainted_in: list[bool], barrier: str) -> list[bool]:
    """Which outputs of `jaxpr` depend on a tainted input along a path that does not pass through a
    `barrier` primitive. Calls with one sub-program of matching arity (pjit, remat, custom_jvp …)
    are followed inside; any other primitive taints all its outputs if any input is tainted."""
    tainted = {id(v): t for v, t in zip(jaxpr.invars, tainted_in, strict=False)}

    def is_tainted(v) -> bool:
        return tainted.get(id(v), False)  # literals and constants are never tainted

    for eqn in jaxpr.eqns:
        ins = [is_tainted(v) for v in eqn.invars]
        if eqn.primitive.name == barrier:
            outs = [False] * len(eqn.outvars)
        else:
            subs = [
                s
                for s in _sub_programs(eqn.params)
                if len(s.invars) == len(eqn.invars) and len(s.outvars) == len(eqn.outvars)
            ]
            if len(subs) == 1 and eqn.primitive.name not in ("scan", "while", "cond"):
                outs = _reach(subs[0], ins, barrier)
            else:
                outs = [any(ins)] * len(eqn.outvars)
        for v, t in zip(eqn.outvars, outs, strict=False):
            tainted[id(v)] = t
    return [is_tainted(v) for v in jaxpr.outvars]


def outputs_bypassing(fn, args: tuple, barrier: str = "scan") -> list[bool]:
    """For each output of fn(*args): does it depend on the inputs other than through a `barrier`
    primitive (e.g. a mean computed with jnp.mean next to the scan that should produce it)?"""
    import jax

    closed = jax.make_jaxpr(fn)(*args)
    return _reach(closed.jaxpr, [True] * len(closed.jaxpr.invars), barrier)


# ---------------------------------------------------------------- training traces


def loss_trace(L, name: str, length: int) -> np.ndarray:
    """A learner's module-level loss trace, checked for shape and finiteness
    (the chapter's `rl.shape == (n,) and np.all(np.isfinite(rl))`); a NaN/inf is called a
    divergence only when the finite losses before it grew."""
    if name not in L:
        fail(msg("_ch6.loss_trace.fail", name=name))
    arr = as_array(L.ns[name], name).astype(np.float64)
    if arr.ndim == 0:
        assert_equal(
            [],
            [length],
            msg("_ch6.loss_trace.assert_equal", name=name, float_arr=float(arr), length=length),
            what=msg("_ch6.loss_trace.what", name=name),
        )
    if arr.shape != (length,):
        assert_equal(
            list(arr.shape),
            [length],
            msg("_ch6.loss_trace.assert_equal_2", name=name, length=length, shape=arr.shape),
            what=msg("_ch6.loss_trace.what_2", name=name),
        )
    bad = np.flatnonzero(~np.isfinite(arr))
    if bad.size:
        _not_finite(arr, name, int(bad[0]))
    return arr


def _not_finite(arr: np.ndarray, name: str, k: int) -> None:
    """Fail on the first NaN/inf of a loss trace, at step k: a divergence only when the finite
    losses before it grew; at step 0 no loss was finite, and finite losses that did not grow
    turned NaN/inf at once."""
    values = {"first_bad_step": k, "value": float(arr[k])}
    if k == 0:
        fail(msg("_ch6.loss_trace.nan_at_start", name=name), **values)
    first, last = float(arr[0]), float(arr[k - 1])
    if last > first:
        fail(msg("_ch6.loss_trace.diverged", name=name, k=k, first=first, last=last), **values)
    fail(msg("_ch6.loss_trace.nan_at_once", name=name, k=k, first=first, last=last), **values)


# ---------------------------------------------------------------- values kept under any name


def module_values(ns: dict):
    """(name, value) for every module-level value of the learner and the items of its top-level
    tuples, lists and dicts (`data = (xs, ys)` gives `data[0]`, `data[1]`): what a statement asks
    to keep at top level without fixing a name is looked up among these."""
    for name, value in list(ns.items()):
        if name.startswith("__"):
            continue
        yield name, value
        if isinstance(value, (tuple, list)) and len(value) <= 16:
            for i, item in enumerate(value):
                yield f"{name}[{i}]", item
        elif type(value) is dict and len(value) <= 16:
            for key, item in value.items():
                yield f"{name}[{key!r}]", item


def np_adam(
    loss_grad,
    params: dict,
    steps: int,
    lr: float,
    b1: float = 0.9,
    b2: float = 0.999,
    eps: float = 1e-8,
    restarted: bool = False,
) -> np.ndarray:
    """float64 reference of the chapter's adam (bias-corrected): the losses of `steps` steps from
    `params` (a dict of arrays); `loss_grad(params) -> (loss, dict of gradients)`. `restarted`:
    every step starts again from the initial state (zero moments, count 0), as a loop that never
    passes the new optimizer state on does."""
    p = {k: np.array(v, dtype=np.float64) for k, v in params.items()}
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(x) for k, x in p.items()}
    losses = np.empty(steps)
    for s in range(steps):
        losses[s], g = loss_grad(p)
        t = s + 1
        if restarted:
            m = {k: np.zeros_like(x) for k, x in p.items()}
            v = {k: np.zeros_like(x) for k, x in p.items()}
            t = 1
        for k in p:
            m[k] = b1 * m[k] + (1 - b1) * g[k]
            v[k] = b2 * v[k] + (1 - b2) * g[k] ** 2
            p[k] = p[k] - lr * (m[k] / (1 - b1**t)) / (np.sqrt(v[k] / (1 - b2**t)) + eps)
    return losses
