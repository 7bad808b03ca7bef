"""Helpers shared by the chapter-7 check modules (ex_7_*.py).

Everything here computes reference values on its own (NumPy float64) and never reads the
learner's namespace, so a learner who overwrites a context name cannot change a reference."""

from __future__ import annotations

import numpy as np

# ---------------------------------------------------------------- compile logs

_FALLBACK_PRIMITIVES = {
    "convert_element_type", "broadcast_in_dim", "dynamic_slice", "dynamic_update_slice", "slice",
    "gather", "scatter", "concatenate", "reshape", "squeeze", "transpose", "add", "sub", "mul",
    "div", "neg", "sqrt", "exp", "log", "pad", "select_n", "iota", "reduce_sum", "reduce_max",
    "dot_general", "copy", "copy_p", "device_put", "random_bits", "random_wrap", "random_unwrap",
    "random_seed", "threefry2x32", "integer_pow", "square", "abs", "sign", "max", "min",
}


def primitive_names() -> set[str]:
    """Names of JAX primitives: an eager op compiles under its primitive's name."""
    names = set(_FALLBACK_PRIMITIVES)
    try:
        from jax._src.interpreters import mlir

        names |= {getattr(p, "name", "") for p in mlir._lowerings}
    except Exception:  # internal module moved: the fallback list still covers the usual eager ops
        pass
    return names


def split_compiles(names: list[str]) -> tuple[list[str], list[str]]:
    """(compiles of user functions, compiles of single eager primitives) from a CompileLog."""
    prims = primitive_names()
    user = [n for n in names if n not in prims]
    eager = [n for n in names if n in prims]
    return user, eager


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
    for i, (n_in, n_out) in enumerate(zip(sizes[:-1], sizes[1:])):
        params[f"dense_{i}"] = {
            "w": (g.standard_normal((n_in, n_out)) * np.sqrt(2.0 / n_in)).astype(np.float32),
            "b": (0.1 * g.standard_normal(n_out)).astype(np.float32),
        }
    return params


def np_per_sample_grad_norm(params, x, y) -> float:
    """Global L2 norm of ∇θ of −log_softmax(mlp(x))[y], by hand-written backprop in float64."""
    depth = len(params)
    W = [np.asarray(params[f"dense_{i}"]["w"], np.float64) for i in range(depth)]
    bs = [np.asarray(params[f"dense_{i}"]["b"], np.float64) for i in range(depth)]
    acts = [np.asarray(x, np.float64)]
    pre = []
    h = acts[0]
    for i in range(depth):
        z = h @ W[i] + bs[i]
        pre.append(z)
        h = np.maximum(z, 0.0) if i + 1 < depth else z
        acts.append(h)
    p = np.exp(np_log_softmax(acts[-1]))
    delta = p.copy()
    delta[int(y)] -= 1.0
    total = 0.0
    for i in reversed(range(depth)):
        gw = np.outer(acts[i], delta)
        total += float((gw ** 2).sum() + (delta ** 2).sum())
        if i > 0:
            delta = (W[i] @ delta) * (pre[i - 1] > 0)
    return float(np.sqrt(total))


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

