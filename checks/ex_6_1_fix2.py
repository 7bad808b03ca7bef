"""修复练习 6.1-fix2:jit 函数读全局变量 → 追踪时冻结成常数,之后改它看不到;增益改成参数.

Checks: every row of amplify_all is x · g on fresh data ("values"); amplify takes the gain as an
argument and compiles once over four gains ("argument"); a second set of gains compiles nothing
more — no cleared caches, no jit rebuilt per call ("driver")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    fail,
    rng,
)

checks = Checks()

GAINS = (0.5, 2.0, -1.5, 3.0)


def _x(seed):
    import jax.numpy as jnp

    return jnp.asarray(rng(seed).uniform(-2.0, 2.0, size=4).astype(np.float32))


@checks.add("values", "amplify_all:第 k 行是 x · gains[k]")
def _(L):
    x = _x(611)
    gains = list(rng(612).uniform(0.5, 4.0, size=3).round(3))
    with CompileLog():  # caches cleared: the first trace happens here
        got = as_array(L.amplify_all(x, gains), "amplify_all 的返回值", shape=(3, 4))
    x64 = np.asarray(x, np.float64)
    want = np.stack([x64 * g for g in gains])
    assert_close(
        got,
        want,
        rtol=1e-6,
        atol=1e-6,
        what="amplify_all(x, gains)",
        msg="第 k 行应为 x · gains[k](见期望值与实际值)。",
        mistakes=[
            Mistake(
                "stale",
                np.stack([x64 * gains[0]] * 3),
                "每一行都等于 x · gains[0]:jit 函数只在第一次追踪时读了全局变量,之后用的一直是"
                "这个过时的值。把增益作为参数传给 amplify。",
            )
        ],
    )


class _ClearCounter:
    """Counts the learner's calls of jax.clear_caches inside the block (the check's own CompileLog
    clears before the block starts)."""

    def __enter__(self):
        import jax

        self.calls = 0
        self._real = jax.clear_caches

        def counted():
            self.calls += 1
            return self._real()

        jax.clear_caches = counted
        return self

    def __exit__(self, *exc):
        import jax

        jax.clear_caches = self._real
        return False


def _pattern(L, log, clears, name):
    """Why four calls compiled more than once, said only as far as the check has seen it."""
    if clears.calls:
        return (
            f"{len(GAINS)} 次调用编译了 {log.total} 次,期间你的代码调用了 {clears.calls} 次 "
            "jax.clear_caches():"
            "清空缓存后 jit 只能重新编译。删掉它,增益作为动态参数,缓存就一直有效。"
        )
    if log.total and all(n == name for n in log.names):
        return (
            f"{len(GAINS)} 个不同的增益正好编译了 {log.total} 次,编译的都是 {name}:"
            "增益被当成了静态参数,"
            "每个新值都要重新编译。它只参与运算,应作为动态参数。"
        )
    x = _x(615)
    with CompileLog(clear=False) as again:  # the same arguments twice more, caches kept
        L.amplify(x, GAINS[0])
        L.amplify(x, GAINS[0])
    if again.total >= 2:
        return (
            f"{len(GAINS)} 次调用编译了 {log.total} 次({', '.join(log.names)});"
            "同样的参数再调用两次又编译了 "
            f"{again.total} 次,缓存也没有被清空:每次调用都得到了一个新的 jit "
            "函数(例如在函数体里现包 jax.jit),"
            "jit 的缓存跟着函数对象走。jax.jit 只在函数外包一次。"
        )
    return f"{len(GAINS)} 次调用编译了 {log.total} 次({', '.join(log.names)})。"


@checks.add("argument", "amplify(x, gain):增益是参数,换 4 个增益只编译 1 次")
def _(L):
    fn = L.amplify
    n = R.n_positional(fn)
    if n is not None and n < 2:
        fail(
            f"amplify 只收 {n} 个参数:增益还是从全局变量读的,jit 追踪时就把它冻结成了常数。"
            "把增益改成第二个参数 amplify(x, gain)。",
            parameters=n,
        )
    name = R.name_of(fn)
    x = _x(613)
    with CompileLog() as log, _ClearCounter() as clears:
        outs = [as_array(fn(x, g), f"amplify(x, {g})", shape=(4,)) for g in GAINS]
    if log.total != 1:
        assert_compile_count(
            log, None, expected=1, msg=_pattern(L, log, clears, name) + "期望:只编译 1 次。"
        )
    if log.count(name) == 0:
        fail(
            f"{len(GAINS)} 次调用里 amplify 一次也没有被编译:它不是 jit 函数。给它加上 @jax.jit。",
            compiled=log.names,
        )
    assert_close(
        np.stack(outs),
        np.stack([np.asarray(x, np.float64) * g for g in GAINS]),
        rtol=1e-6,
        atol=1e-6,
        what="amplify(x, g)",
        msg="amplify(x, g) 应为 x · g。",
    )


@checks.add("driver", "amplify_all 换一组增益:不再编译", needs="argument")
def _(L):
    x = _x(614)
    with CompileLog():
        as_array(L.amplify_all(x, [1.0, 2.0, 3.0]), "amplify_all 的返回值", shape=(3, 4))
    with CompileLog(clear=False) as log, _ClearCounter() as clears:
        got = as_array(L.amplify_all(x, [-0.5, 4.5, 0.25]), "amplify_all 的返回值", shape=(3, 4))
    cleared = (
        f"期间你的代码调用了 {clears.calls} 次 jax.clear_caches(),清空缓存后只能重新编译。"
        if clears.calls
        else ""
    )
    assert_compile_count(
        log,
        None,
        expected=0,
        msg=f"同样形状的第二组增益又编译了 {log.total} 次({', '.join(log.names)})。{cleared}"
        "amplify_all 不该清缓存,也不该每次现造 jit 函数;增益作为参数传给 amplify 即可。",
    )
    assert_close(
        got,
        np.stack([np.asarray(x, np.float64) * g for g in (-0.5, 4.5, 0.25)]),
        rtol=1e-6,
        atol=1e-6,
        what="amplify_all(x, [-0.5, 4.5, 0.25])",
        msg="第 k 行应为 x · gains[k]。",
    )
