"""修复练习 6.8-fix1:Python 标量做初始状态(弱类型)→ 第一次更新后签名改变、多编译一次.

Checks: peak and count over a fresh stream with negatives ("values"); the jitted step compiles
once over the stream ("one_compile"); the initial state's dtypes are float32 / int32 and equal
those after one step ("dtypes")."""

import _repair_ch6 as R

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_scalar,
    as_tuple,
    assert_close,
    assert_compile_count,
    fail,
    rng,
)

checks = Checks()


def _stream(seed):
    import jax.numpy as jnp

    return [jnp.float32(v) for v in rng(seed).uniform(-9.0, -1.0, size=6)]


def _run(L, fn, stream):
    state = as_tuple(L.initial_state(), 2, "initial_state() 的返回值 (峰值, 计数)")
    for v in stream:
        out = as_tuple(fn(state, v), 2, "peak_step 的返回值 (新状态, 旧峰值)")
        state = as_tuple(out[0], 2, "peak_step 交回的新状态 (峰值, 计数)")
    return state


def _describe(state):
    parts = []
    for leaf in state:
        if isinstance(leaf, (bool, int, float)):
            parts.append(f"Python {type(leaf).__name__}(弱类型)")
        else:
            weak = "(弱类型)" if getattr(leaf, "weak_type", False) else ""
            parts.append(f"{getattr(leaf, 'dtype', type(leaf).__name__)}{weak}")
    return ",".join(parts)


@checks.add("values", "全为负数的新数据流:峰值和计数正确")
def _(L):
    stream = _stream(681)
    peak, count = _run(L, R.jitted(L.peak_step), stream)
    want = max(float(v) for v in stream)
    assert_close(
        as_scalar(peak, "峰值"),
        want,
        rtol=1e-6,
        atol=1e-6,
        what="峰值",
        msg=f"这串数据(全是负数)的峰值应为 {want:.4f}。",
        mistakes=[
            Mistake(
                "zero_start",
                0.0,
                "峰值停在 0:峰值的初值是 0,数据全是负数时永远超不过它。初值应是 −∞。",
            )
        ],
    )
    assert_close(
        as_scalar(count, "计数"),
        len(stream),
        rtol=0,
        atol=0,
        what="计数",
        msg=f"走完 {len(stream)} 个数据后计数应为 {len(stream)}。",
    )


@checks.add("one_compile", "jit 版本跑完整串数据:只编译 1 次")
def _(L):
    stream = _stream(682)
    fn = R.jitted(L.peak_step)
    name = R.name_of(fn)
    first = as_tuple(L.initial_state(), 2, "initial_state() 的返回值")
    with CompileLog() as log:
        _run(L, fn, stream)
    n = log.count(name)
    weak = [
        leaf
        for leaf in first
        if isinstance(leaf, (bool, int, float)) or getattr(leaf, "weak_type", False)
    ]
    why = f"{len(stream)} 次调用编译了 {n} 次。"
    if n == 2 and weak:
        why = (
            f"编译了 2 次:初始状态是 {_describe(first)},其中有弱类型;更新一次后变成强类型数组,"
            "第二次调用的输入签名变了。初始状态用定好 dtype 的数组(如 jnp.zeros((), jnp.int32))。"
        )
    assert_compile_count(log, name, expected=1, msg=why + "期望:只编译 1 次。")


@checks.add("dtypes", "初始状态是 float32 / int32,与更新之后一致")
def _(L):
    import jax.numpy as jnp

    first = as_tuple(L.initial_state(), 2, "initial_state() 的返回值")
    after = as_tuple(
        as_tuple(R.jitted(L.peak_step)(first, jnp.float32(1.0)), 2, "peak_step 的返回值")[0],
        2,
        "新状态",
    )
    got, later = _describe(first), _describe(after)
    if got != "float32,int32" or later != got:
        fail(
            f"初始状态是 ({got}),更新一次后是 ({later}):峰值应是 float32、计数应是 int32,"
            "而且前后一致。",
            expected="float32,int32",
            actual=[got, later],
        )
