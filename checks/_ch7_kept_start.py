"""Replaying the 7.4 training from the initial params a learner kept: the init key is the learner's,
so the training can be replayed only when the initial params stay at top level, tied to the run by
a kept loss curve whose first value is their loss on Yn. Adam(1e-2) is then replayed here (own
float32 code, _ch7.jax_adam_mlp_path) and the learner's p_noisy placed on that path."""

import numpy as np
from _ch7 import jax_adam_mlp_path, np_log_softmax, np_mlp, np_per_sample_grad_norm

from tutor.worker.checklib import compare

D, K = 20, 10


def layout_dicts(L):
    """(name, tree) for every top-level dict (or item of a top-level tuple/list) in init_mlp's
    layout."""
    shapes = {"dense_0": {"w": (D, 64), "b": (64,)}, "dense_1": {"w": (64, K), "b": (K,)}}

    def fits(v):
        return (
            type(v) is dict
            and set(v) == set(shapes)
            and all(
                type(v[name]) is dict
                and set(v[name]) == {"w", "b"}
                and all(np.shape(v[name][k]) == shapes[name][k] for k in ("w", "b"))
                for name in shapes
            )
        )

    found = []
    for name, value in list(L.ns.items()):
        items = [(name, value)] + (
            [(f"{name}[{i}]", v) for i, v in enumerate(value)]
            if isinstance(value, (tuple, list)) and len(value) <= 16
            else []
        )
        found += [
            (n, {name: {k: np.asarray(v[name][k], np.float64) for k in ("w", "b")} for name in v})
            for n, v in items
            if not n.startswith("__") and fits(v)
        ]
    return found


def norms_at_other_params(L, params, Xn, Yn, rows) -> list:
    """(name, per-sample gradient norms at `rows`) for every other params tree kept at top level
    (at most four): what norms taken at the wrong parameters give."""
    return [
        (name, np.array([np_per_sample_grad_norm(tree, Xn[i], Yn[i]) for i in rows]))
        for name, tree in layout_dicts(L)[:4]
        if max_diff(tree, params) > 0
    ]


def kept_curves(L, lists: bool = False):
    """(name, float64 1-D array) for every kept floating vector long enough to be a loss curve: an
    array, and with `lists` a list or tuple of floats too (the losses a Python loop appends one by
    one; only where the curve must also start at a kept start's loss, as in the replay, since the
    chapter context keeps lists of floats of its own)."""
    curves = []
    for name, v in list(L.ns.items()):
        curve = _as_curve(v, lists)
        if curve is not None and 2 <= curve.shape[0] <= 10_000:
            curves.append((name, curve))
    return curves


def _as_curve(v, lists: bool):
    import jax

    if isinstance(v, (np.ndarray, jax.Array)):
        if np.ndim(v) == 1 and np.issubdtype(v.dtype, np.floating):
            return np.asarray(v, np.float64)
        return None
    if lists and isinstance(v, (list, tuple)) and 2 <= len(v) <= 10_000 and all(map(_is_float, v)):
        return np.asarray([float(x) for x in v], np.float64)
    return None


def _is_float(x) -> bool:
    import jax

    if isinstance(x, (float, np.floating)):
        return True
    return (
        isinstance(x, (np.ndarray, jax.Array))
        and np.ndim(x) == 0
        and np.issubdtype(x.dtype, np.floating)
    )


def max_diff(a, b) -> float:
    return max(float(np.max(np.abs(a[n][k] - b[n][k]))) for n in a for k in ("w", "b"))


def replay_kept_start(L, Xn, Yn, target, steps: int):
    """The training replayed from the learner's kept initial params, or None when none is kept.
    Keys: start (name, tree, curve name, curve length), path (params after k steps), gaps (the
    largest change of each step), dist (from p_noisy to each point), is_at(k)."""
    n = Xn.shape[0]
    curves, starts = kept_curves(L, lists=True), []
    for name, tree in layout_dicts(L):
        loss0 = -float(np.mean(np_log_softmax(np_mlp(tree, Xn))[np.arange(n), Yn]))
        starts += [
            (name, tree, cn, len(c))
            for cn, c in curves
            if compare(loss0, c[0], rtol=1e-5, atol=1e-8) is None
        ]
    if not starts:
        return None
    path = jax_adam_mlp_path(starts[0][1], Xn, Yn, max(steps, starts[0][3]) + 1)
    gaps = [max_diff(path[k], path[k + 1]) for k in range(len(path) - 1)]
    dist = [max_diff(target, p) for p in path]

    def is_at(k):
        """p_noisy is the k-step params: nearer than half a step (float32 runs differ by ~1/10
        of one)."""
        return 0 < k < len(path) - 1 and dist[k] < 0.5 * min(gaps[k - 1], gaps[k])

    return dict(Xn=Xn, Yn=Yn, start=starts[0], path=path, gaps=gaps, dist=dist, is_at=is_at)
