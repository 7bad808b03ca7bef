"""Repair 0.2-fix1: float(jnp.max(jnp.abs(x))) inside jit raises ConcretizationTypeError ->
x / jnp.max(jnp.abs(x)).

Checks: under jit (the learner's own, or one the check adds), x / max|x| on random vectors, one
with a positive and one with a negative peak, naming float() only when jit raised
ConcretizationTypeError, the missing absolute value only when the result equals x / max(x), the
L2 norm only when it equals x / ‖x‖, the range only when it equals x / (max(x) − min(x)), and
|min(x)| or the mean |x| only when the result equals x divided by them ("jit"); no callback
primitive in the program ("no_callback")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import Checks, Mistake, as_array, assert_close, fail, msg, rng

checks = Checks("ex_0_2_fix1")


def _vectors(seed):
    g = rng(seed)
    a = g.normal(size=7).astype(np.float32)
    a[1] = 3.0 * np.abs(a).max()  # the peak is positive
    b = g.normal(size=7).astype(np.float32)
    b[3] = -3.0 * np.abs(b).max()  # the peak is negative
    return [a, b]


@checks.add("jit")
def _(L):
    import jax.numpy as jnp

    fn = R.jitted(L.scale_to_peak)
    for x in _vectors(91):
        x64 = x.astype(np.float64)
        out = R.call(
            fn,
            jnp.asarray(x),
            what="jax.jit(scale_to_peak)",
            symptoms={
                "TracerBoolConversionError": msg("ex_0_2_fix1.if_on_tracer"),
                "ConcretizationTypeError": msg("ex_0_2_fix1.float_of_tracer"),
            },
        )
        assert_close(
            as_array(out, "scale_to_peak(x)", shape=x.shape),
            x64 / np.abs(x64).max(),
            rtol=1e-5,
            atol=1e-6,
            what="scale_to_peak(x)",
            msg=msg("ex_0_2_fix1.values_differ"),
            mistakes=[
                Mistake("no_abs", x64 / x64.max(), msg("ex_0_2_fix1.no_abs")),
                Mistake(
                    "signed_peak",
                    x64 / x64[np.argmax(np.abs(x64))],
                    msg("ex_0_2_fix1.signed_peak"),
                ),
                Mistake("l2_norm", x64 / np.linalg.norm(x64), msg("ex_0_2_fix1.l2_norm")),
                Mistake("range", x64 / (x64.max() - x64.min()), msg("ex_0_2_fix1.range")),
                Mistake("abs_of_min", x64 / abs(x64.min()), msg("ex_0_2_fix1.abs_of_min")),
                Mistake("mean_abs", x64 / np.abs(x64).mean(), msg("ex_0_2_fix1.mean_abs")),
                Mistake(
                    "abs_result", np.abs(x64) / np.abs(x64).max(), msg("ex_0_2_fix1.abs_result")
                ),
            ],
        )


@checks.add("no_callback", needs="jit")
def _(L):
    import jax.numpy as jnp

    found = R.callbacks_in(L.scale_to_peak, jnp.asarray(_vectors(92)[0]))
    if found:
        fail(msg("ex_0_2_fix1.callback", names=", ".join(found)), primitives=found)
