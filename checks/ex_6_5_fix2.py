"""Repair 6.5-fix2: scan's length comes from an ordinary argument of jit ->
static_argnames=("n_steps",).

Checks: trajectories for fresh starts and several n against float64, with the traced-length errors
named and a length frozen at an earlier call's n_steps named ("values"); orbit compiles once per
distinct n and never again for the same n ("compiles"); the program is one scan whose size does not
grow with n ("scan")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    as_array,
    assert_close,
    assert_compile_count,
    compare,
    fail,
    msg,
    primitive_counts,
    rebuilt_jit,
    rng,
    scan_lengths,
)
from tutor.worker.mistakes import Known, produced

checks = Checks("ex_6_5_fix2")

_STATIC = msg("ex_6_5_fix2.module.make_static")
_TRACED = msg("ex_6_5_fix2.module.traced") + _STATIC
SYMPTOMS = {
    "ConcretizationTypeError": _TRACED,
    "TracerIntegerConversionError": _TRACED,
    "word:Shapes must be 1D sequences of concrete values": msg("ex_6_5_fix2.module.text") + _STATIC,
}


def _start(g):
    import jax.numpy as jnp

    return jnp.float32(g.uniform(-4.0, 4.0))


def _want(x0, n):
    x, out = float(x0), []
    for _ in range(n):
        x = 0.5 * x + 1.0
        out.append(x)
    return np.array(out)


def _shift_inside(x0, n):
    """The trajectory of x ← 0.5·(x + 1): the + 1 taken inside the halving."""
    x, out = float(x0), []
    for _ in range(n):
        x = 0.5 * (x + 1.0)
        out.append(x)
    return np.array(out)


def _lag_cause(L, x0, n) -> str:
    """Which slip makes a trajectory that lags one step, read from the scan's length: a scan of
    n steps whose body outputs x before the update, or a right body scanned n − 1 steps with x0
    put in front. Only the lag itself when the program says neither."""
    import jax

    try:
        lengths = scan_lengths(jax.make_jaxpr(lambda x: L.orbit(x, n))(x0))
    except Exception:
        lengths = []
    if n in lengths:
        return msg("ex_6_5_fix2.module.mistake_includes_start")
    if n - 1 in lengths:
        return msg("ex_6_5_fix2.module.mistake_start_prepended")
    return msg("ex_6_5_fix2.module.mistake_lags")


def _mistakes(L, x0, n) -> list[Known]:
    """What the common slips give for a start x0 and n steps (computed, then matched)."""
    return [
        Known(
            "includes_start",
            lambda x0, n: np.concatenate([[float(x0)], _want(x0, n)[:-1]]),
            _lag_cause(L, x0, n),
        ),
        Known(
            "shift_inside",
            _shift_inside,
            msg("ex_6_5_fix2.module.mistake_shift_inside"),
        ),
        Known(
            "one_more_step",
            lambda x0, n: _want(x0, n + 1)[1:],
            msg("ex_6_5_fix2.module.mistake_one_more_step"),
        ),
    ]


def _orbit(L, x0, n):
    import jax

    try:
        return L.orbit(x0, n)
    except (jax.errors.ConcretizationTypeError, jax.errors.TracerIntegerConversionError) as e:
        if _static_n_works(L, x0, n) is False:  # n_steps static changes nothing: not its fault
            said = msg("ex_6_5_fix2.module.not_n_steps")
            fail(
                msg("_repair_ch6.raised", what=f"orbit(x0, {n})", error=type(e).__name__, why=said)
            )
    except Exception:  # the other symptoms are told by the exception
        pass
    return R.call(L.orbit, x0, n, what=f"orbit(x0, {n})", symptoms=SYMPTOMS)


def _static_n_works(L, x0, n) -> bool | None:
    """Whether the function under orbit's jit runs with n_steps static (None: no such function)."""
    import jax

    raw = getattr(L.orbit, "__wrapped__", None)
    if raw is None:
        return None
    try:
        jax.jit(raw, static_argnums=1)(x0, n)
    except Exception:  # it fails with n_steps a Python int too
        return False
    return True


def _frozen_length(out, x0, n, earlier) -> None:
    """A trajectory of the wrong length that is, value for value, this start's trajectory for an
    n_steps of an earlier call: the length was frozen at that call (a jitted closure cached with
    the n_steps it captured). Said only when the values are that trajectory."""
    for m in earlier:
        if np.shape(out) == (m,) and compare(out, _want(x0, m), rtol=1e-5, atol=1e-6) is None:
            fail(msg("ex_6_5_fix2.values.frozen_length", n=n, m=m), shape=[m])


@checks.add("values")
def _(L):
    g = rng(6521)
    earlier: list[int] = []
    for n in (3, 7, 1):
        x0 = _start(g)
        out = _orbit(L, x0, n)
        if np.shape(out) != (n,):
            _frozen_length(out, x0, n, earlier)
        path = as_array(out, f"orbit(x0, {n})", shape=(n,))
        earlier.append(n)
        assert_close(
            path,
            _want(x0, n),
            rtol=1e-5,
            atol=1e-6,
            what=f"orbit(x0={float(x0):.3f}, {n})",
            msg=msg("ex_6_5_fix2.values.msg", n=n),
            mistakes=produced(_mistakes(L, x0, n), x0, n),
        )


@checks.add("compiles", needs="values")
def _(L):
    g = rng(6522)
    name = R.compiled_name(lambda x: L.orbit(x, 4), _start(rng(6520)), learner_fn=L.orbit)
    calls = (4, 4, 6, 4, 6)
    with CompileLog() as log:
        for n in calls:
            _orbit(L, _start(g), n)
    got = log.count(name)
    rebuilt = "" if got == 2 else rebuilt_jit(lambda: _orbit(L, _start(g), calls[0]))
    if got == 0:
        fail(
            rebuilt + msg("ex_6_5_fix2.compiles.jit_once")
            if rebuilt
            else msg("ex_6_5_fix2.compiles.fail", len_calls=len(calls)),
            compiles=list(log.names),
        )
    assert_compile_count(
        log,
        name,
        expected=2,
        msg=msg("ex_6_5_fix2.compiles.msg", list_calls=list(calls), got=got)
        + (" " + rebuilt + msg("ex_6_5_fix2.compiles.jit_once") if rebuilt else ""),
    )


@checks.add("scan", needs="values")
def _(L):
    import jax.numpy as jnp

    x0 = jnp.float32(0.5)
    small = primitive_counts(lambda x: L.orbit(x, 5), x0)
    large = primitive_counts(lambda x: L.orbit(x, 40), x0)
    size = (sum(small.values()), sum(large.values()))
    if small.get("scan", 0) < 1 or size[1] > size[0]:
        # an unrolled loop is said only when the program grows with n_steps
        why = msg("ex_6_5_fix2.scan.text") if size[1] > size[0] else msg("ex_6_5_fix2.scan.other")
        if size[1] <= size[0] and small.get("while", 0):
            why = msg("ex_6_5_fix2.scan.while_loop")
        fail(
            msg("ex_6_5_fix2.scan.text_2", size=size[0], size_2=size[1])
            + ("" if small.get("scan") else msg("ex_6_5_fix2.scan.text_3"))
            + why,
            n5=dict(small),
            n40=dict(large),
        )
