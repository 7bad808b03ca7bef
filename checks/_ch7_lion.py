"""The Lion exercise's plumbing and its float64 reference (ex_7_5 registers the checks): the
chapter's problem (params w (4, 3), b (3,); gradient a·θ + c), running a learner's transform with
its result's structure checked first, the search for optax objects inside a transform, and an
independent NumPy Lion that can also simulate the known wrong implementations (MISTAKES).
interp_swapped and momentum_frozen can give the same signs; ex_7_5 keeps only the one the learner's
state agrees with (param-shaped momentum leaves moved or all still 0), and the interpolation and
momentum variants only when a direct probe of scale_by_lion shows them (`probe`)."""

import numpy as np

from tutor.worker.checklib import as_array, as_callable, compare, fail, later, msg


def problem(seed):
    """(start, a, c) as float32 trees with leaves w (4, 3) and b (3,), drawn in the chapter's
    order."""
    import jax.numpy as jnp

    gen = np.random.default_rng(seed)

    def f32(arr):
        return jnp.asarray(arr, dtype=jnp.float32)

    start = dict(w=f32(gen.standard_normal((4, 3))), b=f32(gen.standard_normal(3)))
    curv = dict(w=f32(3.0 * gen.random((4, 3)) + 1.0), b=f32(3.0 * gen.random(3) + 1.0))
    lin = dict(w=f32(gen.standard_normal((4, 3))), b=f32(gen.standard_normal(3)))
    return start, curv, lin


def grad(params, curv, lin):
    return {k: curv[k] * params[k] + lin[k] for k in params}


def leaf(tree, key, what):
    try:
        return as_array(tree[key], msg("_ch7_lion.leaf_of", what=what, key=key))
    except (KeyError, TypeError, IndexError):
        fail(
            msg("_ch7_lion.not_params_dict", what=what, key=key, name=type(tree).__name__),
            actual=repr(tree)[:200],
        )


def transform(value, what):
    """A gradient transformation from the learner: anything with callable init and update."""
    for part in ("init", "update"):
        as_callable(getattr(value, part, None), f"{what}.{part}")
    return value


def update(opt, grads, state, params, what):
    out = opt.update(grads, state, params)
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        fail(
            msg("_ch7_lion.update_not_pair", what=what, name=type(out).__name__),
            actual=repr(out)[:200],
        )
    return out


def run(opt, start, curv, lin, what, steps=6):
    params, opt_state, path = dict(start), opt.init(start), []
    for _ in range(steps):
        delta, opt_state = update(opt, grad(params, curv, lin), opt_state, params, what)
        params = {
            k: params[k] + leaf(delta, k, msg("_ch7_lion.update_of", what=what)) for k in params
        }
        path.append({k: np.asarray(v) for k, v in params.items()})
    return path


def pair_shaped(L):
    """scale_by_lion().update must return (direction, state) before lion's chain unpacks it."""
    import jax.numpy as jnp

    leaf = dict(w=jnp.ones(2))
    made = transform(L.scale_by_lion(), "scale_by_lion()")
    update(made, leaf, made.init(leaf), leaf, "scale_by_lion()")


# ---------------------------------------------------------------- written by hand


def optax_parts(value, seen=None, depth=0):
    """Objects from the optax package inside a transform or a state (tuples, lists, dicts,
    fields)."""
    seen = set() if seen is None else seen
    if id(value) in seen or depth > 8:
        return []
    seen.add(id(value))
    found = []
    module = getattr(type(value), "__module__", "") or ""
    if module.split(".")[0] == "optax":
        found.append(f"{type(value).__name__}({module})")
    if callable(value) and (getattr(value, "__module__", "") or "").split(".")[0] == "optax":
        found.append(f"{getattr(value, '__qualname__', value)}({value.__module__})")
    if isinstance(value, dict):
        children = list(value.values())
    elif isinstance(value, (tuple, list)):
        children = list(value)
    else:
        children = []
    for child in children:
        found += optax_parts(child, seen, depth + 1)
    return found


def np_lion(
    steps,
    start,
    curv,
    lin,
    *,
    lr,
    b1=0.9,
    b2=0.99,
    weight_decay=1e-3,
    mask=None,
    mistake=None,
    replay=None,
    jitter=None,
):
    """The updates of Lion for `steps` steps in float64, open loop: step t sees the reference's own
    params (as float32 values) and the gradient a·θ + c at them. Returns (inputs, updates) where
    inputs[t] = (params32, grads32). `mistake` simulates a known wrong implementation fed the same
    inputs as the correct one (`replay`: the inputs of that run)."""
    if mistake == "swapped_betas":
        b1, b2 = b2, b1
    p = {k: np.asarray(v, np.float64) for k, v in start.items()}
    m = {k: np.zeros_like(v) for k, v in p.items()}
    decays = {
        k: float(mask[k]) if mask is not None and mistake != "mask_ignored" else 1.0 for k in p
    }
    inputs, updates = [], []
    for t in range(steps):
        p32 = {k: v.astype(np.float32) for k, v in p.items()}
        g32 = {
            k: (
                np.asarray(curv[k], np.float64) * p32[k]
                + np.asarray(lin[k], np.float64)
                + (jitter[t][k] if jitter is not None else 0.0)
            ).astype(np.float32)
            for k in p
        }
        if replay is not None:
            p32, g32 = replay[t]
        inputs.append((p32, g32))
        rate = float(lr(t)) if callable(lr) else float(lr)
        if mistake == "ignored_lr":
            rate = 1.0
        step = {}
        for k in p:
            g, th = g32[k].astype(np.float64), p32[k].astype(np.float64)
            if mistake == "decay_inside_sign":
                g = g + weight_decay * decays[k] * th
            m_new = b2 * m[k] + (1.0 - b2) * g
            if mistake == "momentum_rate_b1":  # the momentum kept with the interpolation's rate
                m_new = b1 * m[k] + (1.0 - b1) * g
            if mistake == "momentum_weight_b1":  # the gradient's weight 1 − b1 in the momentum
                m_new = b2 * m[k] + (1.0 - b1) * g
            if mistake == "momentum_of_sign":  # the momentum accumulates sign(g)
                m_new = b2 * m[k] + (1.0 - b2) * np.sign(g)
            interp = b1 * (m_new if mistake == "momentum_first" else m[k]) + (1.0 - b1) * g
            if mistake == "interp_swapped":  # g weighted by b1, the momentum by 1 − b1
                interp = b1 * g + (1.0 - b1) * m[k]
            if mistake == "interp_unweighted":  # the gradient's weight 1 − b1 left out
                interp = b1 * m[k] + g
            direction = interp if mistake == "no_sign" else np.sign(interp)
            decay = weight_decay * decays[k] * th
            if mistake not in ("decay_inside_sign", "decay_after_lr"):
                direction = direction + decay
            step[k] = -rate * direction
            if mistake == "decay_after_lr":  # chained after the learning rate: λθ added as is
                step[k] = step[k] + decay
            if mistake != "momentum_frozen":  # the frozen mistake keeps m at its start, 0
                m[k] = m_new
        updates.append(step)
        p = {k: p32[k].astype(np.float64) + step[k] for k in p}
    return inputs, updates


MISTAKES = {
    "swapped_betas": later("_ch7_lion.swapped_betas"),
    "momentum_first": later("_ch7_lion.momentum_first"),
    "decay_inside_sign": later("_ch7_lion.decay_inside_sign"),
    "decay_after_lr": later("_ch7_lion.decay_after_lr"),
    "mask_ignored": later("_ch7_lion.mask_ignored"),
    "ignored_lr": later("_ch7_lion.ignored_lr"),
    "no_sign": later("_ch7_lion.no_sign"),
    "interp_swapped": later("_ch7_lion.interp_swapped"),
    "interp_unweighted": later("_ch7_lion.interp_unweighted"),
    "momentum_rate_b1": later("_ch7_lion.momentum_rate_b1"),
    "momentum_weight_b1": later("_ch7_lion.momentum_weight_b1"),
    "momentum_of_sign": later("_ch7_lion.momentum_of_sign"),
    "momentum_frozen": later("_ch7_lion.momentum_frozen"),
}


def probe(L) -> set:
    """The mistakes in the interpolation or the momentum that a direct probe of
    scale_by_lion(b1=0.9, b2=0.5) rules out. Signs hide the weights, so on the check's own inputs
    several variants can give the same directions. Gradients 2, then −0.2 and −2 (two coordinates):
    the correct momentum is 1 after the first step, and the second directions are (+, +) for
    b1·m + (1 − b1)·g, (−, −) for the swapped weights b1·g + (1 − b1)·m, (+, −) for b1·m + g; the
    momentum the state holds after the second step tells the momentum variants apart. A variant is
    kept only when the probe shows it; a probe that fails rules all of them out."""
    import jax
    import jax.numpy as jnp

    g1, g2 = np.array([2.0, 2.0]), np.array([-0.2, -2.0])
    moms = {
        "momentum_rate_b1": 0.9 * (0.1 * g1) + 0.1 * g2,
        "momentum_weight_b1": 0.5 * (0.1 * g1) + 0.1 * g2,
        "momentum_of_sign": 0.5 * (0.5 * np.sign(g1)) + 0.5 * np.sign(g2),
    }
    every = {"interp_swapped", "interp_unweighted", *moms}
    try:
        made = L.scale_by_lion(b1=0.9, b2=0.5)
        state = made.init(dict(w=jnp.zeros(2)))
        _, state = made.update(dict(w=jnp.asarray(g1)), state)
        direction, state = made.update(dict(w=jnp.asarray(g2)), state)
        signs = tuple(np.asarray(direction["w"]).tolist())
        held = [np.asarray(x) for x in jax.tree.leaves(state) if np.shape(x) == (2,)]
    except Exception:  # the probe is ours: a failure only means nothing is shown
        return every
    kept = {(-1.0, -1.0): "interp_swapped", (1.0, -1.0): "interp_unweighted"}.get(signs)
    shown = {
        k for k, m in moms.items() if any(compare(h, m, rtol=0, atol=1e-6) is None for h in held)
    }
    return every - {kept} - shown


def to_jax(tree):
    import jax.numpy as jnp

    return {k: jnp.asarray(v) for k, v in tree.items()}


# A fourth gradient for the direction probe: it tells a momentum decayed with b1 from b2 in the
# interpolation (they agree on the probe's first three steps), −1 for the one, +1 for the other.
G4 = [-1.0, 0.4, 0.3, -0.5]


def wrong_directions(sequence) -> dict[str, list]:
    """The directions the known wrong orders give for each gradient of `sequence` from m₀ = 0,
    in float64 (signs, so exact), in the order ex_7_5 names them."""
    m_first = m_swap = m_b1 = np.zeros(4)
    out: dict[str, list] = {}
    for gl in sequence:
        g64 = np.asarray(gl, np.float64)
        m_next = 0.99 * m_first + 0.01 * g64
        step = {
            "momentum_b1": np.sign(0.9 * m_b1 + 0.1 * g64),  # the momentum decayed with b1
            "momentum_first": np.sign(0.9 * m_next + 0.1 * g64),
            # b2 in the interpolation: also what a full swap gives while m is small
            "interp_b2": np.sign(0.99 * m_first + 0.01 * g64),
            "swapped_betas": np.sign(0.99 * m_swap + 0.01 * g64),
            "momentum_frozen": np.sign(g64),  # m stays 0: the direction is sign((1 − b1)·g)
            "interp_swapped": np.sign(0.9 * g64 + 0.1 * m_first),  # g weighted by b1
        }
        for k, v in step.items():
            out.setdefault(k, []).append(v)
        m_first, m_swap, m_b1 = m_next, 0.9 * m_swap + 0.1 * g64, 0.9 * m_b1 + 0.1 * g64
    return out
