"""The float64 reference of one classic RK4 step for exercise a1.6, and the wrong steps its
check can name: each is computed by the same step with one part changed (the stage weights, the
stage times, the states the stages are evaluated at), so a learner's step is told a cause only
when it produces that cause's numbers.

Imported by ex_a1_6 as `import _rk4_ref as RK` (the runner puts checks/ on sys.path)."""

from __future__ import annotations

import itertools

import numpy as np

from tutor.worker.checklib import Mistake, compare, fail, msg

RIGHT_WEIGHTS, RIGHT_TIMES, RIGHT_STATES = (1, 2, 2, 1), (0.5, 0.5, 1.0), (0.5, 0.5, 1.0)
RIGHT_SLOPES = (1, 2, 3)  # k2 is evaluated along k1, k3 along k2, k4 along k3
# the weight combinations named word for word (the rest of the grid is shown as a formula)
NAMED_WEIGHTS = {
    (1, 1, 1, 1): lambda: msg("ex_a1_6.equal_weights"),
    (1, 2, 2, 2): lambda: msg("ex_a1_6.k4_weight_2"),
    (2, 2, 2, 1): lambda: msg("ex_a1_6.k1_weight_2"),
    (1, 2, 1, 1): lambda: msg("ex_a1_6.k3_weight_1"),
}


def rk4_ref(
    f,
    t,
    y,
    h,
    args,
    weights=RIGHT_WEIGHTS,
    times=RIGHT_TIMES,
    states=RIGHT_STATES,
    divisor=None,
    slopes=RIGHT_SLOPES,
):
    """One RK4 step in float64: k2, k3, k4 evaluated at t + times[i]·h and at the state
    y + states[i]·h·k_{slopes[i]} (classic RK4: the previous slope); the slopes combined with
    `weights` over `divisor` (their sum unless given). The defaults are classic RK4; the other
    values only name a wrong step."""
    k = [f(t, y, args)]
    for i in range(3):
        k.append(f(t + times[i] * h, y + states[i] * h * k[slopes[i] - 1], args))
    k1, k2, k3, k4 = k
    w = np.array(weights, dtype=np.float64)
    div = w.sum() if divisor is None else divisor
    return y + h * (w[0] * k1 + w[1] * k2 + w[2] * k3 + w[3] * k4) / div


def integrate_ref(f, y0, t0, h, n, args):
    y, t, out = np.array(y0, np.float64), float(t0), []
    for _ in range(n):
        y = rk4_ref(f, t, y, h, args)
        t += h
        out.append(y)
    return np.array(out)


def _formula(weights, divisor) -> str:
    terms = " + ".join(
        f"k{i + 1}" if w == 1 else f"{w}·k{i + 1}" for i, w in enumerate(weights) if w
    )
    return f"y + h·({terms})" if divisor == 1 else f"y + h·({terms})/{divisor:g}"


def _offset(base: str, c: float, slope: str) -> str:
    """t, t + h/2, t + h (or y + h/2·k1, …): where a stage is evaluated, written as in the
    statement."""
    step = {0.0: "", 0.5: "h/2", 1.0: "h"}[c]
    return f"{base} + {step}{slope}" if step else base


def _weight_mistakes(step, right):
    """Weights in {0, 1, 2}⁴ over their sum, 6 or 3: the named ones first, then the others."""
    seen, named, others = [np.asarray(right, np.float64)], [], []
    for weights in itertools.product((0, 1, 2), repeat=4):
        if not any(weights):
            continue
        for divisor in sorted({sum(weights), 6, 4, 3}):
            if not divisor:
                continue
            value = np.asarray(step(weights=weights, divisor=divisor), np.float64)
            # a plain array difference: ~300 values against each other (close() was 10 s a proof)
            if any(value.shape == s.shape and np.abs(value - s).max() <= 1e-12 for s in seen):
                continue
            seen.append(value)
            key = NAMED_WEIGHTS.get(weights) if divisor == sum(weights) else None
            text = key() if key else msg("ex_a1_6.weights_as", formula=_formula(weights, divisor))
            (named if key else others).append(
                Mistake("weights", value, msg("ex_a1_6.stage_weights", text=text))
            )
    return named + others


def step_mistakes(f, t, y, h, args) -> list[Mistake]:
    """The wrong RK4 steps the check names, each with the numbers it produces on (f, t, y, h)."""

    def step(**changed):
        return rk4_ref(f, t, y, h, args, **changed)

    right = step()
    found = _weight_mistakes(step, right)
    k = [f(t, y, args)]
    for c in (0.5, 0.5, 1.0):
        k.append(f(t + c * h, y + c * h * k[-1], args))
    found.append(
        Mistake("h_missing", y + (k[0] + 2 * k[1] + 2 * k[2] + k[3]) / 6, msg("ex_a1_6.h_missing"))
    )
    found.append(
        Mistake(
            "parentheses",
            y + h / 6 * k[0] + 2 * k[1] + 2 * k[2] + k[3],
            msg("ex_a1_6.update_parentheses"),
        )
    )
    found.append(Mistake("stage_time", step(times=(0.0, 0.0, 0.0)), msg("ex_a1_6.stages_at_t")))
    for times in itertools.product((0.0, 0.5, 1.0), repeat=3):
        if times not in (RIGHT_TIMES, (0.0, 0.0, 0.0)):
            t2, t3, t4 = (_offset("t", c, "") for c in times)
            words = msg("ex_a1_6.stage_times", t2=t2, t3=t3, t4=t4)
            found.append(Mistake("stage_times", step(times=times), words))
    for states, slopes in itertools.product(
        itertools.product((0.5, 1.0), repeat=3), itertools.product((1,), (1, 2), (1, 2, 3))
    ):
        if (states, slopes) != (RIGHT_STATES, RIGHT_SLOPES):
            y2, y3, y4 = (_offset("y", a, f"·k{j}") for a, j in zip(states, slopes, strict=True))
            words = msg("ex_a1_6.stage_states", y2=y2, y3=y3, y4=y4)
            found.append(Mistake("stage_states", step(states=states, slopes=slopes), words))
    return [m for m in found if compare(m.value, right, rtol=0, atol=1e-12) is not None]


# ---- the check's right-hand sides, each in a NumPy (float64) and a JAX version ----


def _called_right(t, y, args, n_state, n_args):
    """The check's right-hand sides first verify how the learner called them: f(t, y, args) with a
    scalar t, a state of n_state numbers and the args as passed in (an error inside our own
    function would otherwise look like a fault of the check)."""
    import jax.numpy as jnp

    shape_t, shape_y = jnp.shape(t), jnp.shape(y)
    n_given = len(args) if isinstance(args, (tuple, list)) else (0 if n_args else None)
    if (
        shape_t != ()
        or shape_y != (n_state,)
        or (n_args and n_given != n_args)
        or (not n_args and (isinstance(args, (tuple, list)) or jnp.ndim(args) != 0))
    ):
        if shape_t == () and shape_y == (n_state,):  # t and y are right: the args are not
            fail(
                msg("ex_a1_6.bad_args", got=_described(args), n_args=n_args)
                if n_args
                else msg("ex_a1_6.bad_args_scalar", got=_described(args)),
                args=_described(args),
            )
        fail(
            msg("ex_a1_6.bad_call", shape_t=shape_t, shape_y=shape_y, n_state=n_state),
            t_shape=list(shape_t),
            y_shape=list(shape_y),
        )


def _described(args) -> str:
    """What the right-hand side received as args: a tuple or list with its length, else the type
    and shape."""
    import jax.numpy as jnp

    if isinstance(args, (tuple, list)):
        return f"{type(args).__name__} of {len(args)}"
    if isinstance(args, (int, float)):
        return f"{type(args).__name__} {args!r}"
    return f"array of shape {jnp.shape(args)}"


def osc_np(t, y, w):
    return np.array([y[1], -(w**2) * y[0]])


def osc_jax(t, y, w):
    import jax.numpy as jnp

    _called_right(t, y, w, 2, 0)
    return jnp.stack([y[1], -(w**2) * y[0]])


def forced_np(t, y, args):
    """Damped pendulum with a time-dependent drive: args = (damping, drive, freq)."""
    damping, drive, freq = args
    return np.array(
        [y[1], -np.sin(y[0]) - damping * y[1] + drive * np.cos(freq * t), -0.5 * y[2] + t]
    )


def forced_jax(t, y, args):
    import jax.numpy as jnp

    _called_right(t, y, args, 3, 3)
    damping, drive, freq = args
    return jnp.stack(
        [y[1], -jnp.sin(y[0]) - damping * y[1] + drive * jnp.cos(freq * t), -0.5 * y[2] + t]
    )
