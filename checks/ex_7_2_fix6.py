"""Repair 7.2-fix6: jax_debug_nans turned on globally with jax.config.update -> with
jax.debug_nans(True).

The process state is the point: each check first executes the functions it hands over (as a
training loop would, with a vmap inside, so that 0.12.0.1's global-switch gap is open), then calls
nan_report. Checks: the report names the primitive that made the NaN, for a jit function and an
eager one, and is None without a NaN ("finds"); the report is exactly the first line of the
message, on a jit function whose message has several lines (it returns a NaN literal: the
de-optimized rerun finds no NaN and JAX explains at length) ("first_line"); the switch is back
to its old value afterwards ("scoped"); no compiled program is thrown away ("cache"); fn still
runs under jit ("jit").
Every check puts the global switch back as it found it, so one check never runs inside another's
leftover state (the worker runs one job and exits, so nothing reaches the next run)."""

import contextlib

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    assert_compile_count,
    assert_equal,
    assert_that,
    fail,
    later,
    msg,
    rng,
)

checks = Checks("ex_7_2_fix6")
SYMPTOMS = {"FloatingPointError": later("ex_7_2_fix6.catch_floating_point_error")}


def _global_switch():
    """The process-wide value of jax_debug_nans (a `with jax.debug_nans` block sets a local one)."""
    import jax
    from jax._src import config as jax_config

    try:
        return bool(jax_config.debug_nans.get_global())
    except Exception:  # an internal API: fall back to the effective value
        return bool(jax.config.jax_debug_nans)


@contextlib.contextmanager
def _switch_off_then_restored():
    """Runs the block with the global switch off; afterwards puts back what the learner left
    before the check (the scoped check reports that itself)."""
    import jax

    before = _global_switch()
    if before:
        jax.config.update("jax_debug_nans", False)
    try:
        yield before
    finally:
        if _global_switch() != before:
            jax.config.update("jax_debug_nans", before)


def _trained(seed):
    """A jit step with a per-example vmap and an eager function, both already executed on
    healthy data (the training loop), plus inputs that make NaN: log of a negative number in
    the step, sqrt of a negative number in the eager function."""
    import jax
    import jax.numpy as jnp

    g = rng(seed)
    w = g.uniform(0.5, 1.5, size=3).astype(np.float32)
    x_ok = g.uniform(0.5, 2.0, size=(4, 3)).astype(np.float32)
    x_bad = x_ok.copy()
    x_bad[2] *= -1.0  # one example's score is negative: log → NaN
    v_ok = g.uniform(1.5, 3.0, size=5).astype(np.float32)
    v_bad = v_ok.copy()
    v_bad[1] = 0.25  # sqrt(0.25 − 1) → NaN
    w, x_ok, x_bad, v_ok, v_bad = (jnp.asarray(a) for a in (w, x_ok, x_bad, v_ok, v_bad))

    def log_scores(w, x):
        return jax.vmap(lambda row: jnp.log(row @ w))(x)

    def shifted_root(v):
        return jnp.sqrt(v - 1.0)

    step = jax.jit(log_scores)
    jax.block_until_ready(
        (step(w, x_ok), step(w, x_bad), shifted_root(v_ok))
    )  # the NaN seen on the host
    return step, (w, x_ok), (w, x_bad), shifted_root, v_ok, v_bad


def _spy(fn, seen, switches=None):
    """fn, recording the global switch while it runs (to tell a global switch from a scoped one)
    and, into `switches`, the effective (jax_debug_nans, jax_debug_infs) at that moment."""
    import jax

    def spied(*args):
        seen.append(_global_switch())
        if switches is not None:
            switches.append((bool(jax.config.jax_debug_nans), bool(jax.config.jax_debug_infs)))
        return fn(*args)

    return spied


def _report(L, fn, *args, seen=None, switches=None):
    out = R.call(
        L.nan_report,
        fn if seen is None else _spy(fn, seen, switches),
        *args,
        what="nan_report",
        symptoms=SYMPTOMS,
    )
    if out is not None and not isinstance(out, str):
        fail(
            msg("ex_7_2_fix6.not_str_or_none", name=type(out).__name__),
            actual=repr(out)[:200],
        )
    return out


@checks.add("finds")
def _(L):
    with _switch_off_then_restored() as on_at_load:
        step, ok_args, bad_args, root, v_ok, v_bad = _trained(721)
        for label, fn, args, primitive in (
            (msg("ex_7_2_fix6.jit_fn_with_vmap"), step, bad_args, "log"),
            (msg("ex_7_2_fix6.eager_fn"), root, (v_bad,), "sqrt"),
        ):
            seen: list[bool] = []
            switches: list[tuple[bool, bool]] = []
            out = _report(L, fn, *args, seen=seen, switches=switches)
            if out is None and any(seen):
                fail(
                    msg("ex_7_2_fix6.global_switch_missed_nan", label=label),
                    report=out,
                )
            infs_only = bool(switches) and all(infs and not nans for nans, infs in switches)
            assert_that(
                out is not None,
                msg("ex_7_2_fix6.check_on_but_none", label=label)
                if any(nans for nans, _ in switches)
                else msg("ex_7_2_fix6.infs_not_nans", label=label)
                if infs_only
                else msg("ex_7_2_fix6.check_not_on_but_at_load", label=label)
                if on_at_load
                else msg("ex_7_2_fix6.check_not_on", label=label),
                report=out,
            )
            assert_that(
                primitive in out and "nan" in out.lower(),
                msg("ex_7_2_fix6.primitive_not_named", label=label, primitive=primitive),
                report=out,
            )
        out = _report(L, step, *ok_args)
        assert_that(
            out is None,
            msg("ex_7_2_fix6.reported_without_nan", got=repr(out)[:120]),
            report=out,
        )


def _unset_metric(x):
    """A metric not computed yet, returned as a NaN placeholder: no primitive makes the NaN, so
    JAX's message is its long, several-line explanation of a NaN the de-optimized function did
    not produce. (One array out, so that a report that looks at the output can read it.)"""
    import jax.numpy as jnp

    del x
    return jnp.nan


def _message_of(fn, *args) -> str | None:
    """The FloatingPointError message fn(*args) raises with the NaN check on (this call only)."""
    import jax

    with jax.debug_nans(True):
        try:
            jax.block_until_ready(fn(*args))
        except FloatingPointError as e:
            return str(e)
    return None


@checks.add("scoped")
def _(L):
    assert_that(
        not _global_switch(),
        msg("ex_7_2_fix6.switched_on_at_import"),
    )
    with _switch_off_then_restored():
        step, ok_args, bad_args, *_ = _trained(722)
        for label, args in (
            (msg("ex_7_2_fix6.nan_step"), bad_args),
            (msg("ex_7_2_fix6.nan_free_step"), ok_args),
        ):
            _report(L, step, *args)
            assert_that(
                not _global_switch(),
                msg("ex_7_2_fix6.switch_left_on", label=label),
                switch=True,
            )


@checks.add("cache")
def _(L):
    import jax
    import jax.numpy as jnp

    with _switch_off_then_restored():
        step, ok_args, bad_args, *_ = _trained(723)

        def compiled_before(x):
            return jnp.tanh(x) * 3.0

        already = jax.jit(compiled_before)
        x = jnp.arange(4.0)
        jax.block_until_ready(already(x))
        _report(L, step, *bad_args)
        _report(L, step, *ok_args)
        with CompileLog(clear=False) as log:
            jax.block_until_ready(already(x))
        assert_compile_count(
            log,
            "compiled_before",
            expected=0,
            msg=msg("ex_7_2_fix6.cache_cleared"),
        )


@checks.add("jit")
def _(L):
    import jax
    import jax.numpy as jnp

    with _switch_off_then_restored():

        def never_compiled(x):
            return jnp.sum(jnp.log1p(x * x))

        fresh = jax.jit(never_compiled)
        with CompileLog(clear=False) as log:
            out = _report(L, fresh, jnp.linspace(0.0, 1.0, 6))
        assert_that(
            out is None,
            msg("ex_7_2_fix6.fn_reported_without_nan", got=repr(out)[:120]),
            report=out,
        )
        assert_compile_count(
            log,
            "never_compiled",
            at_least=1,
            msg=msg("ex_7_2_fix6.jit_disabled"),
        )


# after jit: a step rerun with jit turned off reports no NaN of this compiled constant, and
# jit names that cause (said here it would only read "returned None"); after finds: a report of
# None because the NaN check was off (or the wrong switch was on) is named there
@checks.add("first_line", needs=("jit", "finds"))
def _(L):
    import jax
    import jax.numpy as jnp

    with _switch_off_then_restored():
        step, x = jax.jit(_unset_metric), jnp.arange(3.0)
        out = _report(L, step, x)
        whole = _message_of(step, x) or ""
        want = whole.strip().split("\n")[0].strip()
        if out is not None and out.strip() == want:
            return
        lines = len(whole.strip().splitlines())
        # out differs from the first line here, so each assert_equal fails with both shown
        if out is None:
            assert_equal(None, want, msg("ex_7_2_fix6.first_line_none", lines=lines))
        if out.strip() == whole.strip():
            assert_equal(out[:600], want, msg("ex_7_2_fix6.whole_message", lines=lines))
        assert_equal(repr(out)[:600], want, msg("ex_7_2_fix6.not_first_line", lines=lines))
