"""Exercise 0.2, a jitted function with a static switch: normalize(x, center) standardises when
center is true and divides by the root mean square otherwise; fast_normalize is
jax.jit(normalize, static_argnames="center").

Checks: both modes without jit on fresh data against NumPy float64 ("values"), naming swapped
modes, the sample standard deviation, a centred x divided by the raw x's root mean square or by the
variance, an x not centred or not scaled, a missing root or a mean absolute value in place of
the root mean square only when the result equals what they produce; the jitted
function in both modes, center by keyword and by position ("jit_static"), naming a Python `if` on a
tracer (TracerBoolConversionError) or a float() of a tracer (ConcretizationTypeError) only when the
call raised it; 5 calls of one shape compile exactly twice ("compiles")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    as_callable,
    assert_close,
    compare,
    fail,
    msg,
    rebuilt_jit,
    rng,
)

checks = Checks("ex_0_2")


def _standardised(x, ddof=0):
    x = np.asarray(x, np.float64)
    return (x - x.mean()) / x.std(ddof=ddof)


def _rms_scaled(x):
    x = np.asarray(x, np.float64)
    return x / np.sqrt(np.mean(x**2))


def _reference(x, center):
    return _standardised(x) if center else _rms_scaled(x)


def _swap_words(L, x, center):
    """The modes are called swapped only when the other mode gives this mode's reference too;
    else this mode computes the other mode's formula, and nothing is said about the other."""
    import jax.numpy as jnp

    try:
        other = np.asarray(L.normalize(jnp.asarray(x), not center), np.float64)
    except Exception:  # the other mode fails on its own: no swap is shown
        other = None
    if other is not None and np.shape(other) == np.shape(x):
        if compare(other, _reference(x, center), rtol=1e-5, atol=1e-5) is None:
            return msg("ex_0_2.swapped")
    return msg("ex_0_2.other_mode", center=center, other=not center)


def _mistakes(x, center, L):
    swapped = Mistake("swapped", _reference(x, not center), _swap_words(L, x, center))
    if not center:
        x64 = np.asarray(x, np.float64)
        summed = Mistake(
            "sum_of_squares", x64 / np.sqrt(np.sum(x64**2)), msg("ex_0_2.sum_of_squares")
        )
        centred = Mistake("centred_rms", x64 / x64.std(), msg("ex_0_2.rms_of_centred"))
        no_root = Mistake("no_root", x64 / np.mean(x64**2), msg("ex_0_2.no_root"))
        by_abs = Mistake("mean_abs", x64 / np.mean(np.abs(x64)), msg("ex_0_2.mean_abs"))
        mean_sq = Mistake("mean_sq", x64 / abs(x64.mean()), msg("ex_0_2.squared_mean"))
        peak = Mistake("peak", x64 / np.abs(x64).max(), msg("ex_0_2.peak"))
        named = [swapped, summed, centred, no_root, by_abs, mean_sq, peak]
        if x64.mean() > 0:  # x * 2 for x ** 2: a negative mean gives NaN, nothing to name
            named.append(Mistake("doubled", x64 / np.sqrt(np.mean(2 * x64)), msg("ex_0_2.doubled")))
        return named
    x64 = np.asarray(x, np.float64)
    raw_rms = Mistake(
        "raw_rms", (x64 - x64.mean()) / np.sqrt(np.mean(x64**2)), msg("ex_0_2.centred_by_raw_rms")
    )
    centred = x64 - x64.mean()
    return [
        swapped,
        Mistake("ddof", _standardised(x, ddof=1), msg("ex_0_2.sample_std")),
        raw_rms,
        Mistake("by_variance", centred / x64.var(), msg("ex_0_2.by_variance")),
        Mistake("not_centred", x64 / x64.std(), msg("ex_0_2.not_centred")),
        Mistake("not_scaled", centred, msg("ex_0_2.not_scaled")),
        Mistake("precedence", x64 - x64.mean() / x64.std(), msg("ex_0_2.precedence")),
    ]


def _data(seed, n):
    return rng(seed).normal(1.5, 2.0, size=n).astype(np.float32)


@checks.add("values")
def _(L):
    import jax.numpy as jnp

    for seed, n in ((21, 6), (22, 9)):
        x = _data(seed, n)
        for center in (True, False):
            what = msg("ex_0_2.eager_call", n=n, center=center)
            out = as_array(L.normalize(jnp.asarray(x), center), what, shape=(n,))
            assert_close(
                out,
                _reference(x, center),
                rtol=1e-5,
                atol=1e-5,
                what=what,
                msg=msg("ex_0_2.values_differ", center=center),
                mistakes=_mistakes(x, center, L),
            )


def _jit_call(L, fn, args, kwargs, what, symptoms):
    """fast_normalize(*args, **kwargs). When Python's if met a tracer, the cause is told by a
    second trace with center static: it passes when center was the tracer, and raises again when
    the if tests a value computed from x."""
    import jax

    try:
        return fn(*args, **kwargs)
    except jax.errors.TracerBoolConversionError as e:
        center = kwargs.get("center", args[-1])
        try:
            jax.jit(L.normalize, static_argnames="center")(args[0], center=center)
            why = msg("ex_0_2.if_on_tracer")
        except jax.errors.TracerBoolConversionError:
            why = msg("ex_0_2.if_on_value")
        except Exception:  # normalize itself fails otherwise: no cause to tell
            why = msg("ex_0_2.if_unknown")
        said = msg("_repair_ch6.raised", what=what, error=type(e).__name__, why=why)
        fail(said, error=R.first_line(e))
    except Exception:  # the other symptoms are told by the exception's class
        return R.call(fn, *args, what=what, symptoms=symptoms, **kwargs)


@checks.add("jit_static")
def _(L):
    import jax.numpy as jnp

    fn = as_callable(L.fast_normalize, "fast_normalize")
    x = _data(23, 7)
    symptoms = {
        "TracerBoolConversionError": msg("ex_0_2.if_on_tracer"),
        "ConcretizationTypeError": msg("ex_0_2.float_of_tracer"),
    }
    for center in (True, False):
        for by_keyword in (True, False):
            if by_keyword:
                what = msg("ex_0_2.jit_call_kw", center=center)
                args, kwargs = (jnp.asarray(x),), {"center": center}
            else:
                what = msg("ex_0_2.jit_call_pos", center=center)
                args, kwargs = (jnp.asarray(x), center), {}
            out = _jit_call(L, fn, args, kwargs, what, symptoms)
            assert_close(
                as_array(out, what, shape=(7,)),
                _reference(x, center),
                rtol=1e-5,
                atol=1e-5,
                what=what,
                msg=msg("ex_0_2.jit_differs", center=center),
            )


@checks.add("compiles", needs="jit_static")
def _(L):
    import jax.numpy as jnp

    fn = L.fast_normalize
    xs = [jnp.asarray(_data(30 + k, 8)) for k in range(5)]
    with CompileLog() as log:
        for k, x in enumerate(xs):
            fn(x, center=k < 3)
    n = log.total
    if n == 2:
        return
    rebuilt = rebuilt_jit(lambda: fn(xs[0], center=True)) if n > 2 else ""
    if rebuilt:
        fail(rebuilt + msg("ex_0_2.jit_once"), compiles=n, names=list(log.names))
    if n > 2 and getattr(L.normalize, "__name__", None) not in log.names:
        fail(msg("ex_0_2.not_jitted", n=n), compiles=n, names=list(log.names))
    if n == 0:  # nothing compiled at all: no shared program to speak of
        fail(msg("ex_0_2.compiled_none"), compiles=n, names=list(log.names))
    if n < 2:
        fail(msg("ex_0_2.compiled_too_few", n=n), compiles=n, names=list(log.names))
    if n > 2:
        fail(msg("ex_0_2.compiled_too_many", n=n), compiles=n, names=list(log.names))
