"""Helpers shared by the chapter-7 check modules (ex_7_*.py).

Everything here computes reference values on its own (NumPy float64) and never reads the
learner's namespace, so a learner who overwrites a context name cannot change a reference."""

from __future__ import annotations

from itertools import product

import numpy as np

from tutor.worker.checklib import later

# the structure of the chapter's MLP parameters, as a message names it
PARAMS_LIKE = later("_ch7.params_like")

# ---------------------------------------------------------------- compile logs


def primitive_names() -> frozenset[str]:
    """Names of JAX's primitives (public jax.extend API): an eager device op (a slice, a dtype
    conversion on a jax.Array) compiles under its primitive's name, a jitted function under its
    own."""
    from jax.extend.core import primitives

    names = {getattr(getattr(primitives, attr), "name", None) for attr in dir(primitives)}
    return frozenset(n for n in names if isinstance(n, str))


def split_compiles(names: list[str]) -> tuple[list[str], list[str]]:
    """(compiles of functions, compiles of single eager primitives) from a CompileLog's names."""
    prims = primitive_names()
    return [n for n in names if n not in prims], [n for n in names if n in prims]


def per_name(names: list[str]) -> dict[str, int]:
    return {name: names.count(name) for name in sorted(set(names))}


# ---------------------------------------------------------------- NumPy float64 references


def np_log_softmax(z):
    z = np.asarray(z, np.float64)
    shifted = z - z.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def np_mlp(params, X):
    """Float64 forward pass of the chapter's ReLU MLP {"dense_i": {"w", "b"}}."""
    h = np.asarray(X, np.float64)
    depth = len(params)
    for i in range(depth):
        layer = params[f"dense_{i}"]
        h = h @ np.asarray(layer["w"], np.float64) + np.asarray(layer["b"], np.float64)
        if i + 1 < depth:
            h = np.maximum(h, 0.0)
    return h


def np_mlp_params(seed: int, sizes) -> dict:
    """Fresh He-initialised float32 parameters (NumPy), in the chapter's dict layout."""
    g = np.random.default_rng(seed)
    params = {}
    for i, (n_in, n_out) in enumerate(zip(sizes[:-1], sizes[1:], strict=False)):
        params[f"dense_{i}"] = {
            "w": (g.standard_normal((n_in, n_out)) * np.sqrt(2.0 / n_in)).astype(np.float32),
            "b": (0.1 * g.standard_normal(n_out)).astype(np.float32),
        }
    return params


# A ReLU whose float64 input lies within float32 rounding of 0 can sit on either side of its kink in
# the learner's float32 program, or exactly on it (jnp.maximum then passes half the gradient, while
# jax.nn.relu passes none), and the gradient jumps there: each of those is right. "Within" is
# measured against the size of the terms summed, Σ|h·w| + |b| (32 float32 ulps of it).
GATE_SLACK = 2.0**-18
MAX_UNSURE_GATES = 3  # the nearest ones; past that the float64 gates are taken as they are
GATE_CHOICES = (0.0, 0.5, 1.0)


def np_forward(params, x, gates_set=None) -> tuple[list, list, list]:
    """(weights, activations, ReLU gates) of the float64 forward pass, for one sample or a batch
    (rows). A gate is 0 or 1 by the sign of its input, or the share `gates_set` names for it
    ({(layer, unit): share})."""
    depth = len(params)
    W = [np.asarray(params[f"dense_{i}"]["w"], np.float64) for i in range(depth)]
    bs = [np.asarray(params[f"dense_{i}"]["b"], np.float64) for i in range(depth)]
    acts, gates = [np.asarray(x, np.float64)], []
    h = acts[0]
    for i in range(depth):
        z = h @ W[i] + bs[i]
        if i + 1 < depth:
            gate = (z > 0).astype(np.float64)
            for (layer, unit), share in (gates_set or {}).items():
                if layer == i:
                    gate[..., unit] = share
            gates.append(gate)
            z = np.maximum(z, 0.0)
        h = z
        acts.append(h)
    return W, acts, gates


def np_sample_grad(params, x, y, gates_set=None) -> tuple[float, dict]:
    """(loss, ∇θ loss) of −log_softmax(mlp(x))[y] for one sample, by backprop in float64. The ReLU
    gates named in `gates_set` ({(layer, unit): gate}) pass that share of the gradient instead of
    0 or 1 by the sign of their input."""
    depth = len(params)
    W, acts, gates = np_forward(params, x, gates_set)
    logp = np_log_softmax(acts[-1])
    delta = np.exp(logp)
    delta[int(y)] -= 1.0
    grads: dict = {}
    for i in reversed(range(depth)):
        grads[f"dense_{i}"] = {"w": np.outer(acts[i], delta), "b": delta.copy()}
        if i > 0:
            delta = (W[i] @ delta) * gates[i - 1]
    return float(-logp[int(y)]), grads


def np_unsure_gates(params, x) -> list[tuple[int, int]]:
    """The ReLU units (layer, unit) whose input float32 rounding could put on either side of 0,
    nearest first."""
    depth = len(params)
    h = np.asarray(x, np.float64)
    unsure = []
    for i in range(depth - 1):
        w = np.asarray(params[f"dense_{i}"]["w"], np.float64)
        b = np.asarray(params[f"dense_{i}"]["b"], np.float64)
        z = h @ w + b
        reach = GATE_SLACK * (np.abs(h) @ np.abs(w) + np.abs(b))
        unsure += [(abs(z[u]) / reach[u], i, int(u)) for u in np.flatnonzero(np.abs(z) <= reach)]
        h = np.maximum(z, 0.0)
    return [(i, u) for _, i, u in sorted(unsure)[:MAX_UNSURE_GATES]]


def _global_norm(grads: dict) -> float:
    return float(np.sqrt(sum(np.sum(a * a) for layer in grads.values() for a in layer.values())))


def np_per_sample_grad_norm(params, x, y) -> float:
    """Global L2 norm of ∇θ of −log_softmax(mlp(x))[y], by hand-written backprop in float64."""
    return _global_norm(np_sample_grad(params, x, y)[1])


def np_per_sample_grad_norms(params, X, Y) -> np.ndarray:
    """np_per_sample_grad_norm of every sample of X at once: the same backprop in float64, batched
    (a weight gradient outer(a, δ) has the norm ‖a‖·‖δ‖, so no outer product is built)."""
    W, acts, gates = np_forward(params, X)
    delta = np.exp(np_log_softmax(acts[-1]))
    delta[np.arange(len(delta)), np.asarray(Y).astype(np.int64)] -= 1.0
    squares = np.zeros(len(delta))
    for i in reversed(range(len(W))):
        dd = np.sum(delta * delta, axis=1)
        squares += np.sum(acts[i] * acts[i], axis=1) * dd + dd
        if i > 0:
            delta = (delta @ W[i].T) * gates[i - 1]
    return np.sqrt(squares)


def np_per_sample_grad_norm_choices(params, x, y) -> list[float]:
    """Every norm a float32 program may rightly give for the sample: np_per_sample_grad_norm with
    each of its unsure ReLU gates passing none, half or all of the gradient (float64's own gates
    first)."""
    unsure = np_unsure_gates(params, x)
    settings = [
        dict(zip(unsure, shares, strict=True))
        for shares in product(GATE_CHOICES, repeat=len(unsure))
        if unsure
    ]
    return [np_per_sample_grad_norm(params, x, y)] + [
        _global_norm(np_sample_grad(params, x, y, gates)[1]) for gates in settings
    ]


def grad_norms_off(params, X, Y, idx, actual, rtol: float, atol: float) -> np.ndarray:
    """Boolean mask over `idx`: the samples whose norm in `actual` (aligned with idx) matches none
    of np_per_sample_grad_norm_choices within assert_close's tolerance. NaN matches nothing."""
    off = []
    for i, a in zip(idx, actual, strict=True):
        choices = np_per_sample_grad_norm_choices(params, X[i], Y[i])
        off.append(not any(abs(a - c) <= atol + rtol * abs(c) for c in choices))
    return np.array(off, dtype=bool)


def np_blobs(seed: int, n: int, d: int, k: int, spread: float = 1.0):
    g = np.random.default_rng(seed)
    centers = 2.0 * g.standard_normal((k, d))
    y = g.integers(0, k, size=n)
    X = centers[y] + spread * g.standard_normal((n, d))
    return X.astype(np.float32), y.astype(np.int32)


def np_spiral(seed: int, n_per_class: int, n_classes: int = 3, noise: float = 0.15):
    """Three-arm spiral in NumPy: same law as the chapter's make_spiral, different draws."""
    g = np.random.default_rng(seed)
    r = g.random((n_classes, n_per_class))
    arm = np.arange(n_classes)[:, None]
    angle = 4.0 * arm + 4.0 * r + noise * g.standard_normal((n_classes, n_per_class))
    X = np.stack([r * np.sin(angle), r * np.cos(angle)], axis=-1).reshape(-1, 2)
    y = np.broadcast_to(arm, (n_classes, n_per_class)).reshape(-1)
    return X.astype(np.float32), y.astype(np.int32)


def np_per_sample_leaf_norms(params, x, y) -> list[float]:
    """L2 norm of each leaf of ∇θ −log_softmax(mlp(x))[y] (w then b, last layer first), float64."""
    grads = np_sample_grad(params, x, y)[1]
    return [
        float(np.linalg.norm(grads[f"dense_{i}"][k]))
        for i in reversed(range(len(params)))
        for k in ("w", "b")
    ]


def _adam_on_mlp(p, X, Y, steps: int, lr: float, *, keep_path: bool, reset: bool = False):
    """Full-batch Adam (b1 0.9, b2 0.999, eps 1e-8) on the mean cross-entropy of a ReLU MLP with the
    chapter's layout (dense_0 … dense_{n-1}), written here (not with the chapter context, which a
    learner may overwrite); traceable. Returns the final params, or with keep_path the params
    after every step (stacked). With reset, the moments and the count start afresh at every step
    (the optimizer's init called inside the step: every step is Adam's first)."""
    import jax
    import jax.numpy as jnp

    depth = len(p)

    def loss(p):
        h = X
        for i in range(depth):
            h = h @ p[f"dense_{i}"]["w"] + p[f"dense_{i}"]["b"]
            if i + 1 < depth:
                h = jnp.maximum(h, 0.0)
        logp = h - jax.scipy.special.logsumexp(h, axis=1, keepdims=True)
        return -jnp.mean(jnp.take_along_axis(logp, Y[:, None], axis=1))

    def body(carry, t):
        p, m, v = carry
        if reset:
            m, v, t = zeros, zeros, jnp.ones_like(t)
        g = jax.grad(loss)(p)
        m = jax.tree.map(lambda a, b: 0.9 * a + 0.1 * b, m, g)
        v = jax.tree.map(lambda a, b: 0.999 * a + 0.001 * b * b, v, g)
        fix1, fix2 = 1 - 0.9**t, 1 - 0.999**t
        p = jax.tree.map(lambda w, a, b: w - lr * (a / fix1) / (jnp.sqrt(b / fix2) + 1e-8), p, m, v)
        return (p, m, v), (p if keep_path else None)

    zeros = jax.tree.map(jnp.zeros_like, p)
    (p, _, _), trail = jax.lax.scan(
        body, (p, zeros, zeros), jnp.arange(1, steps + 1, dtype=jnp.float32)
    )
    return trail if keep_path else p


def jax_fit_mlp(X, label_sets, sizes, seed: int, steps: int = 150, lr: float = 1e-2):
    """`_adam_on_mlp` for one model per row of `label_sets` (k, N), all from the same start,
    trained together in one compiled program. Returns a list of k NumPy param trees."""
    import jax
    import jax.numpy as jnp

    start = {
        k: {n: jnp.asarray(v) for n, v in layer.items()}
        for k, layer in np_mlp_params(seed, sizes).items()
    }

    def fit(p, X, Y):
        return _adam_on_mlp(p, X, Y, steps, lr, keep_path=False)

    labels = jnp.asarray(np.asarray(label_sets), jnp.int32)
    out = jax.jit(jax.vmap(fit, in_axes=(None, None, 0)))(
        start, jnp.asarray(X, jnp.float32), labels
    )
    return [
        {k: {n: np.asarray(v[i]) for n, v in layer.items()} for k, layer in out.items()}
        for i in range(labels.shape[0])
    ]


def np_spiral_updates(
    params,
    grads_seq,
    *,
    clip=True,
    decay_biases=False,
    constant_lr=None,
    l2=None,
    decay=True,
    clip_after=None,
):
    """Updates of chain(clip_by_global_norm(1.0), scale_by_adam(), add_decayed_weights(1e-4, w
    only), scale_by_learning_rate(schedule)) in float64; update t uses the warm-up rate 1e-2·(t −
    1)/100. The known mistakes: `l2` = "before_clip" or "after_clip" adds 1e-4·w to the gradient
    before Adam (L2 + Adam) instead of the decoupled decay; `decay=False` has no decay at all;
    `clip_after` = "adam" or "decay" clips the global norm of Adam's direction (before or after
    the decay is added) instead of the gradient's."""
    m = {(name, k): 0.0 for name in params for k in params[name]}
    v = dict(m)
    out = []
    for t, grads in enumerate(grads_seq, 1):
        total = np.sqrt(
            sum(
                float(np.sum(np.asarray(g, np.float64) ** 2))
                for layer in grads.values()
                for g in layer.values()
            )
        )
        if l2 == "before_clip":  # the clip sees the gradient with the L2 term added
            total = np.sqrt(
                sum(
                    float(np.sum(_with_l2(grads, params, name, k) ** 2))
                    for name in params
                    for k in params[name]
                )
            )
        ratio = min(1.0, 1.0 / (1e-12 + total)) if clip and clip_after is None else 1.0
        rate = constant_lr if constant_lr is not None else 1e-2 * (t - 1) / 100.0
        step = {}
        for name in params:
            step[name] = {}
            for k in params[name]:
                g = np.asarray(grads[name][k], np.float64)
                if l2 == "before_clip":
                    g = _with_l2(grads, params, name, k) * ratio
                elif l2 == "after_clip":
                    g = g * ratio + (
                        1e-4 * np.asarray(params[name][k], np.float64) if k == "w" else 0.0
                    )
                else:
                    g = g * ratio
                m[name, k] = 0.9 * m[name, k] + 0.1 * g
                v[name, k] = 0.999 * v[name, k] + 0.001 * g * g
                adam = (m[name, k] / (1 - 0.9**t)) / (np.sqrt(v[name, k] / (1 - 0.999**t)) + 1e-8)
                decayed = (
                    1e-4 * np.asarray(params[name][k], np.float64)
                    if (k == "w" or decay_biases) and decay and l2 is None
                    else 0.0
                )
                step[name][k] = adam + decayed if clip_after == "decay" else adam
                step[name][k] = (step[name][k], decayed)
        out.append(_scaled(step, rate, clip_after))
    return out


def _scaled(step, rate, clip_after):
    """The update −rate·(direction + decay) of every leaf of `step` ({name: {k: (direction,
    decay)}}), with the direction's global norm clipped to 1 when `clip_after` is set (for
    "decay" the direction already holds the decay)."""
    norm = np.sqrt(sum(float(np.sum(d**2)) for layer in step.values() for d, _ in layer.values()))
    ratio = min(1.0, 1.0 / (1e-12 + norm)) if clip_after else 1.0
    return {
        name: {
            k: -rate * (d * ratio + (0.0 if clip_after == "decay" else decayed))
            for k, (d, decayed) in layer.items()
        }
        for name, layer in step.items()
    }


def _with_l2(grads, params, name, k):
    """The gradient of a leaf plus the L2 term 1e-4·w (weights only), float64."""
    g = np.asarray(grads[name][k], np.float64)
    return g + 1e-4 * np.asarray(params[name][k], np.float64) if k == "w" else g


def np_spiral_schedule(total: int) -> np.ndarray:
    """lr_schedule in float64: 0 → 1e-2 linearly over 100 steps, then cosine down to 1e-4 at
    `total`."""
    t = np.arange(total, dtype=np.float64)
    frac = np.clip((t - 100) / (total - 100), 0.0, 1.0)
    return np.where(
        t < 100, 1e-2 * t / 100, 1e-4 + 0.5 * (1 + np.cos(np.pi * frac)) * (1e-2 - 1e-4)
    )


def jax_adam_mlp_path(start, X, Y, steps: int, lr: float = 1e-2, reset: bool = False) -> list[dict]:
    """`_adam_on_mlp` from the given start (a param tree of the chapter's layout): the NumPy param
    trees after every step, index k holding the params after k steps (index 0 is `start`)."""
    import jax
    import jax.numpy as jnp

    def path(p, X, Y):
        return _adam_on_mlp(p, X, Y, steps, lr, keep_path=True, reset=reset)

    p0 = jax.tree.map(lambda a: jnp.asarray(a, jnp.float32), start)
    trail = jax.jit(path)(p0, jnp.asarray(X, jnp.float32), jnp.asarray(np.asarray(Y), jnp.int32))
    trail = jax.tree.map(
        lambda a: np.asarray(a, np.float64), trail
    )  # one transfer, then NumPy slices
    trees = [jax.tree.map(lambda a: np.asarray(a, np.float64), p0)]
    return trees + [jax.tree.map(lambda a, k=k: a[k], trail) for k in range(steps)]
