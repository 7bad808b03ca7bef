"""修复练习 7.2-fix6:用 jax.config.update 全局打开 jax_debug_nans → with jax.debug_nans(True).

The process state is the point: each check first executes the functions it hands over (as a
training loop would, with a vmap inside, so that 0.12.0.1's global-switch gap is open), then calls
nan_report. Checks: the report names the primitive that made the NaN, for a jit function and an
eager one, and is None without a NaN ("finds"); the switch is back to its old value afterwards
("scoped"); no compiled program is thrown away ("cache"); fn still runs under jit ("jit").
Every check puts the global switch back as it found it, so one check never runs inside another's
leftover state (the worker runs one job and exits, so nothing reaches the next run)."""

import contextlib

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, CompileLog, assert_compile_count, assert_that, fail, rng

checks = Checks()
SYMPTOMS = {"FloatingPointError": "nan_report 应接住 FloatingPointError,返回它消息的第一行。"}


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


def _spy(fn, seen):
    """fn, recording the global switch while it runs (to tell a global switch from a scoped one)."""

    def spied(*args):
        seen.append(_global_switch())
        return fn(*args)

    return spied


def _report(L, fn, *args, seen=None):
    out = R.call(
        L.nan_report,
        fn if seen is None else _spy(fn, seen),
        *args,
        what="nan_report",
        symptoms=SYMPTOMS,
    )
    if out is not None and not isinstance(out, str):
        fail(
            "nan_report 应返回字符串(FloatingPointError 消息的第一行)或 None,实际是 "
            f"{type(out).__name__}。",
            actual=repr(out)[:200],
        )
    return out


@checks.add("finds", "对执行过的 jit 函数和 eager 函数报告产生 NaN 的原语;没有 NaN 时返回 None")
def _(L):
    with _switch_off_then_restored():
        step, ok_args, bad_args, root, v_ok, v_bad = _trained(721)
        for label, fn, args, primitive in (
            ("jit 函数(里面用了 vmap)", step, bad_args, "log"),
            ("eager 函数", root, (v_bad,), "sqrt"),
        ):
            seen: list[bool] = []
            out = _report(L, fn, *args, seen=seen)
            if out is None and any(seen):
                fail(
                    f"{label}产生了 NaN,nan_report 却返回 None:fn 运行时开关是用 jax.config.update "
                    "全局打开的。"
                    "进程里用过 vmap 之后,已经执行过的函数不再检查 NaN。用 with "
                    "jax.debug_nans(True) 只在这次调用里打开。",
                    report=out,
                )
            assert_that(
                out is not None,
                f"{label}产生了 NaN,nan_report 却返回 None:fn 运行时 NaN 检查没有打开。",
                report=out,
            )
            assert_that(
                primitive in out and "nan" in out.lower(),
                f"{label}的 NaN 来自 {primitive},报告却没有说出这个原语:应返回 FloatingPointError "
                "消息的第一行"
                f"(形如 invalid value (nan) encountered in {primitive})。",
                report=out,
            )
        out = _report(L, step, *ok_args)
        assert_that(
            out is None,
            "这一步没有产生 NaN,nan_report 却报告了:没有 NaN 时应返回 None。",
            report=out,
        )


@checks.add("scoped", "nan_report 返回后,jax_debug_nans 仍是调用前的值(关闭)")
def _(L):
    assert_that(
        not _global_switch(),
        "还没调用 nan_report,jax_debug_nans 就已经全局打开了:你的代码在模块顶层调用了 "
        "jax.config.update。开关只应在 nan_report 里、只在这一次调用期间打开。",
    )
    with _switch_off_then_restored():
        step, ok_args, bad_args, *_ = _trained(722)
        for label, args in (("会产生 NaN 的", bad_args), ("没有 NaN 的", ok_args)):
            _report(L, step, *args)
            assert_that(
                not _global_switch(),
                f"nan_report({label}那一步)返回后,jax_debug_nans 仍然开着:"
                "jax.config.update 改的是整个进程,后面的计算全都带着检查。用 with "
                "jax.debug_nans(True):,"
                "离开 with 时开关自动恢复。",
                switch=True,
            )


@checks.add("cache", "nan_report 不清空编译缓存:已编译的函数之后不重新编译")
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
            msg="nan_report 之后,一个早已编译过的 jit 函数又重新编译了:编译缓存被清空了"
            "(jax.clear_caches() 就会这样)。训练步骤回来后要全部重新编译;用 with "
            "jax.debug_nans(True) 就不必清缓存。",
        )


@checks.add("jit", "fn 在 nan_report 里照常在 jit 下运行(不用 disable_jit)")
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
            "这个函数没有产生 NaN,nan_report 却报告了:没有 NaN 时应返回 None。",
            report=out,
        )
        assert_compile_count(
            log,
            "never_compiled",
            at_least=1,
            msg="nan_report 运行一个从没编译过的 jit 函数,它却一次也没有编译:fn 没有在 jit 下运行"
            "(jax.disable_jit)。整步逐个算子执行,大模型上慢得不能用;with jax.debug_nans(True) "
            "不需要关掉 jit。",
        )
