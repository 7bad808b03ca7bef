"""Exercise 6.3, one gradient-descent step on f(x) = x².

The chapter's own assertions (its third exercise), all covered here:
- eager: 5 steps from 5.0 with lr 0.1, jnp.allclose(params, 1.6384)   -> check "eager"
  (also each intermediate value 4.0, 3.2, 2.56, 2.048 from the expected output)
- jit with a dynamic learning rate: jnp.allclose(p, 1.6384)             -> check "jit"
- prose: the learning rate must stay dynamic (static recompiles per value) -> check "dynamic_lr"
Added: the learner's function called as it is, with new and repeated learning rates, compiles
nothing after its first call (no jax.jit rebuilt inside it on every call) -> check "no_rebuild"."""

import contextlib
import sys
import weakref

import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    LearnerClears,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    compare,
    fail,
    msg,
    rebuilt_jit,
    rng,
    skip,
)

checks = Checks("ex_6_3")

# jnp.allclose's defaults, as in the chapter's assertions
RTOL, ATOL = 1e-5, 1e-8
TRAJECTORY = np.array([4.0, 3.2, 2.56, 2.048, 1.6384])
# 6 calls, 4 distinct learning rates: a static learning rate compiles once per distinct value,
# a jit rebuilt inside the function compiles on every call
RATES = (0.1, 0.05, 0.1, 0.02, 0.05, 0.01)


def _jitted(fn):
    """The learner's function under jit; if they already jitted it, use theirs as is."""
    import jax

    return fn if hasattr(fn, "lower") else jax.jit(fn)


def _param(out, what: str, expected: float | None = None) -> float:
    """The new parameter returned by one step: a scalar, not a tuple (loss, params) or a list."""
    if isinstance(out, (tuple, list)):
        hint = ""
        if expected is not None:
            for i, item in enumerate(out):
                try:
                    if (
                        compare(np.asarray(item, np.float64), expected, rtol=1e-4, atol=1e-6)
                        is None
                    ):
                        hint = msg("ex_6_3.param.hint", i=i + 1)
                        break
                except Exception:
                    continue
        fail(
            msg(
                "ex_6_3.param.fail", what=what, len_out=len(out), name=type(out).__name__, hint=hint
            ),
            actual=repr(out)[:200],
        )
    return float(as_array(out, msg("ex_6_3.param.as_array", what=what), ndim=0))


def _context_grad_steps(x0: float, lr: float, steps: int) -> np.ndarray:
    """Steps taken with the context's grad_fn, the gradient 2(x − 3) of (x − 3)², not of x²."""
    x, out = x0, []
    for _ in range(steps):
        x = x - lr * 2 * (x - 3.0)
        out.append(x)
    return np.array(out)


def _steps_with_context_grad(fn) -> bool:
    """One step from 1.0 is the context's grad_fn step, 1 − lr·2(1 − 3), not 1 − lr·2."""
    try:
        got = float(np.asarray(fn(np.float32(1.0), 0.1)))
    except Exception:  # noqa: BLE001 - the value checks report what the call does
        return False
    return abs(got - float(_context_grad_steps(1.0, 0.1, 1)[0])) < 1e-5


_CALLS_GRAD: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # fn -> answer, per run


def _calls_grad(fn) -> bool:
    """True when tracing one step of `fn` calls jax.grad or jax.value_and_grad: a gradient of x
    then comes from differentiating ½x² (0.5 * x ** 2), not from a derivative written by hand.
    Asked once per function: the probe clears JAX's caches, which the later checks would pay."""
    try:
        return _CALLS_GRAD[fn]
    except (KeyError, TypeError):  # not asked yet (or fn cannot be weakly referenced)
        pass
    seen = _probe_calls_grad(fn)
    with contextlib.suppress(TypeError):
        _CALLS_GRAD[fn] = seen
    return seen


def _probe_calls_grad(fn) -> bool:
    import inspect

    import jax

    grads = (inspect.unwrap(f) for f in (jax.grad, jax.value_and_grad))  # past api_boundary
    targets = {getattr(f, "__code__", None) for f in grads} - {None}
    seen = [False]

    def profile(frame, event, arg):
        if event == "call" and frame.f_code in targets:
            seen[0] = True

    jax.clear_caches()  # a traced jit body is reused from the cache, without calling Python
    old = sys.getprofile()
    sys.setprofile(profile)
    try:
        jax.make_jaxpr(fn)(5.0, 0.1)
    except Exception:  # the value checks report what the function does
        pass
    finally:
        sys.setprofile(old)
    return seen[0]


def _iterate(step, x0: float, steps: int):
    out, x = [], x0
    for _ in range(steps):
        x = step(x)
        out.append(x)
    return np.array(out)


def _returns_its_argument(fn) -> bool:
    """fn(params, lr) hands back the very array passed in as params (called without jit, the body
    of a jitted fn too): the new value is never returned, whatever the update came out as."""
    import jax.numpy as jnp

    p = jnp.array(5.0)
    raw = getattr(fn, "__wrapped__", fn)  # under jit the output is a new array even then
    try:
        return raw(p, 0.1) is p
    except Exception:  # the value checks report what the call does
        return False


def _slips(lr, fn=None):
    """Steps that use something else than the gradient 2x: f(x) = x² itself, the constant 2 (the x
    dropped), lr² in place of lr, lr divided by or added to the gradient, (x − lr)·2x, the
    gradient of |x|·2 or no move at all. Each a one-step function of x."""
    return [
        ("objective", lambda x: x - lr * x**2, msg("ex_6_3.mistake_objective")),
        (
            "constant_grad",
            lambda x: x - 2 * lr + 0 * x,
            msg("ex_6_3.mistake_grad_of_derivative")
            if fn is not None and _calls_grad(fn)
            else msg("ex_6_3.mistake_constant_grad"),
        ),
        (
            "unit_grad",
            lambda x: x - lr + 0 * x,
            msg("ex_6_3.mistake_grad_of_x")
            if fn is not None and _calls_grad(fn)
            else msg("ex_6_3.mistake_unit_grad"),
        ),
        ("lr_squared", lambda x: x - lr**2 * 2 * x, msg("ex_6_3.mistake_lr_squared")),
        ("divided", lambda x: x - lr / (2 * x), msg("ex_6_3.mistake_divided")),
        ("lr_plus", lambda x: x - (lr + 2 * x), msg("ex_6_3.mistake_lr_plus")),
        ("precedence", lambda x: (x - lr) * 2 * x, msg("ex_6_3.mistake_precedence")),
        ("abs", lambda x: x - lr * 2 * abs(x), msg("ex_6_3.mistake_abs")),
        (
            "no_move",
            lambda x: x + 0 * lr,
            msg("ex_6_3.mistake_returns_params")
            if fn is not None and _returns_its_argument(fn)
            else msg("ex_6_3.mistake_no_move"),
        ),
    ]


def _trajectory_mistakes(x0: float, lr: float, steps: int, fn=None):
    k = np.arange(1, steps + 1)
    x1 = x0 * (1 - lr)
    no_factor_2 = (
        msg("ex_6_3.trajectory_mistakes.mistake_half_square", x0=x1)
        if fn is not None and _calls_grad(fn)
        else msg("ex_6_3.trajectory_mistakes.mistake_no_factor_2", x0=x1)
    )
    return [
        Mistake(
            "context_grad",
            _context_grad_steps(x0, lr, steps),
            msg("ex_6_3.context_grad"),
        ),
        Mistake(
            "ascent",
            x0 * (1 + 2 * lr) ** k,
            msg("ex_6_3.trajectory_mistakes.mistake_ascent"),
        ),
        Mistake(
            "no_factor_2",
            x0 * (1 - lr) ** k,
            no_factor_2,
        ),
        Mistake(
            "returns_update",
            x0 * (-2 * lr) ** k,
            msg("ex_6_3.trajectory_mistakes.mistake_returns_update", x1=x0 * (-2 * lr)),
        ),
    ] + [Mistake(label, _iterate(f, x0, steps), said) for label, f, said in _slips(lr, fn)]


def _one_step_mistakes(x, lr, fn):
    """What one step from x with learning rates lr gives for the slips the trajectory names."""
    return [
        Mistake(
            "no_factor_2",
            x * (1 - lr),
            msg("ex_6_3.fresh.mistake_half_square")
            if _calls_grad(fn)
            else msg("ex_6_3.fresh.mistake_no_factor_2"),
        ),
        Mistake("returns_update", -2.0 * lr * x, msg("ex_6_3.fresh.mistake_returns_update")),
    ] + [Mistake(label, f(x), said) for label, f, said in _slips(lr, fn)]


@checks.add("eager")
def _(L):
    import jax.numpy as jnp

    p, values = jnp.array(5.0), []
    for k in range(5):
        p = L.gradient_descent_step(p, 0.1)
        values.append(_param(p, msg("ex_6_3.eager.param", k=k + 1), expected=TRAJECTORY[k]))
    assert_close(
        np.array(values),
        TRAJECTORY,
        rtol=RTOL,
        atol=ATOL,
        what=msg("ex_6_3.eager.what"),
        msg=msg("ex_6_3.eager.msg"),
        mistakes=_trajectory_mistakes(5.0, 0.1, 5, L.gradient_descent_step),
    )


@checks.add("jit")
def _(L):
    import jax.numpy as jnp

    step = _jitted(L.gradient_descent_step)
    p = jnp.array(5.0)
    for k in range(5):
        p = step(p, 0.1)
        _param(p, msg("ex_6_3.jit.param", k=k + 1))
    assert_close(
        _param(p, msg("ex_6_3.jit.param_2")),
        1.6384,
        rtol=RTOL,
        atol=ATOL,
        what=msg("ex_6_3.jit.what"),
        msg=msg("ex_6_3.jit.msg"),
        mistakes=[
            Mistake(m.label, m.value[-1], m.message)
            for m in _trajectory_mistakes(5.0, 0.1, 5, L.gradient_descent_step)
        ],
    )


@checks.add("fresh")
def _(L):
    import jax.numpy as jnp

    g = rng(63)
    starts = g.uniform(-10.0, 10.0, size=4)
    rates = g.uniform(0.01, 0.4, size=4)
    got = [
        _param(
            L.gradient_descent_step(jnp.float32(x), float(lr)),
            f"gradient_descent_step({x:.3f}, {lr:.3f})",
        )
        for x, lr in zip(starts, rates, strict=False)
    ]
    assert_close(
        np.array(got),
        starts * (1.0 - 2.0 * rates),
        rtol=1e-5,
        atol=1e-5,
        what="x·(1 − 2·lr)",
        msg=msg("ex_6_3.fresh.msg"),
        mistakes=[
            Mistake(
                "ignores_lr",
                starts * 0.8,
                msg("ex_6_3.fresh.mistake_ignores_lr"),
            ),
            Mistake(
                "context_grad",
                starts - rates * 2 * (starts - 3.0),
                msg("ex_6_3.context_grad"),
            ),
            *_one_step_mistakes(starts, rates, L.gradient_descent_step),
        ],
    )


def _clears(again) -> str:
    """The cache clears one more call makes ("" when none, or when the call raises)."""
    try:
        with LearnerClears() as clears:
            again()
    except Exception:  # the count already failed; a raising call shows nothing more
        return ""
    return clears.what


def _compile_pattern(n: int, again) -> str:
    """What the compile count shows; a new jitted function per call only when measured by
    repeating one call (`again`) with the caches kept (rebuilt_jit)."""
    distinct = len(set(RATES))
    if n == len(RATES) and rebuilt_jit(again):
        return msg("ex_6_3.compile_pattern.text_2", len_rates=len(RATES), n=n)
    cleared = _clears(again) if n == len(RATES) else ""
    if cleared:
        return msg("ex_6_3.compile_pattern.cleared", len_rates=len(RATES), n=n, what=cleared)
    if n == distinct:
        return msg("ex_6_3.compile_pattern.text_3", len_rates=len(RATES), distinct=distinct, n=n)
    return msg(
        "ex_6_3.compile_pattern.text", len_rates=len(RATES), v=", ".join(map(str, RATES)), n=n
    )


@checks.add("dynamic_lr")
def _(L):
    import jax.numpy as jnp

    step = _jitted(L.gradient_descent_step)
    start = jnp.float32(3.0)
    with CompileLog() as log:
        outs = [step(start, lr) for lr in RATES]
    n = log.total
    assert_compile_count(
        log,
        None,
        expected=1,
        msg=(_compile_pattern(n, lambda: step(start, RATES[0])) if n != 1 else "")
        + msg("ex_6_3.dynamic_lr.text"),
    )
    got = [_param(o, msg("ex_6_3.dynamic_lr.param")) for o in outs]
    if _steps_with_context_grad(L.gradient_descent_step):  # at 3.0 its gradient is 0: no move
        skip(msg("ex_6_3.dynamic_lr.context_grad"), covered_by="eager")
    assert_close(
        np.array(got),
        3.0 * (1 - 2 * np.array(RATES)),
        rtol=1e-5,
        atol=1e-5,
        what="3.0·(1 − 2·lr)",
        msg=msg("ex_6_3.dynamic_lr.msg"),
        mistakes=_one_step_mistakes(3.0, np.array(RATES), L.gradient_descent_step),
    )


@checks.add("no_rebuild")
def _(L):
    import jax.numpy as jnp

    fn = L.gradient_descent_step
    start = jnp.float32(3.0)
    with CompileLog():
        _param(fn(start, 0.3), "gradient_descent_step(3.0, 0.3)")  # the first call may compile
    with CompileLog(clear=False) as log:
        for lr in RATES:
            fn(start, lr)
    n = log.total
    assert_compile_count(
        log,
        None,
        expected=0,
        msg=(_compile_pattern(n, lambda: fn(start, RATES[0])) if n != 0 else "")
        + msg("ex_6_3.no_rebuild.text"),
    )
