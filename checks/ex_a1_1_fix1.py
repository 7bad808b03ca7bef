"""修复练习 a1.1-fix1:jax.random.PRNGKey(旧式裸 key,uint32)→ jax.random.key(带类型的 key).

Checks: the result is a typed key array of shape (n,) ("typed"); its bits equal those of
split(key(seed), n) ("same_stream"); under jit, several seeds compile once ("jit")."""

import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    assert_close,
    assert_compile_count,
    assert_equal,
    compare,
    fail,
)

checks = Checks()
N = 4  # one size throughout: every eager split compiles once


def _is_key(value) -> bool:
    import jax

    dtype = getattr(value, "dtype", None)
    try:
        return dtype is not None and jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key)
    except Exception:
        return False


def _typed(value, n, what):
    if not _is_key(value):
        fail(
            f"{what} 是 {getattr(value, 'dtype', type(value).__name__)} "
            f"{tuple(getattr(value, 'shape', ()))},"
            "不是带类型的 key:jax.random.PRNGKey 给的是旧式裸 key(uint32 数组)。用 "
            "jax.random.key(seed)。",
            actual=f"{getattr(value, 'dtype', type(value).__name__)} "
            f"{tuple(getattr(value, 'shape', ()))}",
        )
    if tuple(value.shape) != (n,):
        assert_equal(
            list(value.shape),
            [n],
            f"{what} 的形状是 {tuple(value.shape)},应为 ({n},):从一个种子 split 出 {n} 把 key。",
            what=f"{what} 的形状",
        )
    return value


def _bits(seed, n):
    import jax

    return np.asarray(jax.random.key_data(jax.random.split(jax.random.key(seed), n)))


@checks.add("typed", "返回值是形状 (n,) 的带类型 key 数组")
def _(L):
    for seed, n in ((7, N), (2024, N)):
        _typed(L.make_keys(seed, n), n, f"make_keys({seed}, {n})")


@checks.add("same_stream", "位数据与 split(key(seed), n) 一致", needs="typed")
def _(L):
    import jax

    for seed, n in ((11, N), (90210, N)):
        got = np.asarray(jax.random.key_data(L.make_keys(seed, n)))
        assert_close(
            got,
            _bits(seed, n),
            rtol=0,
            atol=0,
            what=f"make_keys({seed}, {n}) 的位数据",
            msg="这些 key 不是从同一个种子 split 出来的那一串:题目要的是 "
            "jax.random.split(jax.random.key(seed), n)(随机流与旧写法相同)。",
        )


@checks.add("jit", "jit 下换 3 个种子:只编译 1 次", needs="typed")
def _(L):
    import functools

    import jax
    import jax.numpy as jnp

    fn = jax.jit(
        functools.partial(lambda seed, n, f: f(seed, n), n=N, f=L.make_keys)
    )  # a new function: compiles afresh
    seeds = [jnp.int32(s) for s in (1, 2, 3)]
    refs = [_bits(s, N) for s in (1, 2, 3)]
    with CompileLog(clear=False) as log:
        outs = [fn(s) for s in seeds]
    assert_compile_count(
        log,
        None,
        at_most=1,
        at_least=1,
        msg=f"3 个种子编译了 {log.total} 次,期望 1 次:种子是普通的动态参数。",
    )
    for s, out, ref in zip((1, 2, 3), outs, refs, strict=False):
        _typed(out, N, f"jit 下 make_keys({s}, {N})")
        bits = np.asarray(jax.random.key_data(out))
        if compare(bits, ref, rtol=0, atol=0) is None:
            continue
        eager = np.asarray(jax.random.key_data(L.make_keys(s, N)))
        same = compare(bits, eager, rtol=0, atol=0) is None
        assert_close(
            bits,
            ref,
            rtol=0,
            atol=0,
            what=f"jit 下种子 {s} 的位数据",
            msg=f"jit 下种子 {s} 的 key 不是 jax.random.split(jax.random.key({s}), {N}) 那一串;"
            + (
                "不加 jit 时得到的也是同样的 key,问题不在 jit。"
                if same
                else "而且和不加 jit 时得到的 key 不同。"
            ),
        )
