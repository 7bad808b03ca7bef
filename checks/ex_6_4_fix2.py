"""修复练习 6.4-fix2:给 frozen dataclass 的字段赋值 → FrozenInstanceError;用 dataclasses.replace.

Checks: a new Linear with the new b, the same w and name ("values"); the caller's layer is left
as it was ("original"); under jit, three biases compile once and keep the name ("jit")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    assert_equal,
    fail,
    rng,
)

checks = Checks()

SYMPTOMS = {
    "FrozenInstanceError": "Linear 是冻结的 dataclass,字段不能赋值:用 dataclasses.replace(layer,"
    " b=b) "
    "得到一个改了 b 的新对象。"
}


def _layer(L, seed, name):
    import jax.numpy as jnp

    g = rng(seed)
    w = g.normal(size=(3, 2)).astype(np.float32)
    b = g.normal(size=2).astype(np.float32)
    return L.Linear(w=jnp.asarray(w), b=jnp.asarray(b), name=name), w, b


def _fields(out, what):
    if type(out).__name__ != "Linear" or not all(hasattr(out, f) for f in ("w", "b", "name")):
        fail(
            f"{what} 应是一个 Linear(有 w、b、name 三个字段),实际是 {type(out).__name__}。",
            actual=repr(out)[:200],
        )
    return (
        as_array(out.w, f"{what}.w", shape=(3, 2)),
        as_array(out.b, f"{what}.b", shape=(2,)),
        out.name,
    )


@checks.add("values", "返回新的 Linear:b 换成新值,w 和 name 不变")
def _(L):
    import jax.numpy as jnp

    layer, w, b = _layer(L, 641, "enc")
    new_b = rng(642).uniform(5.0, 9.0, size=2).astype(np.float32)
    out = R.call(L.with_bias, layer, jnp.asarray(new_b), what="with_bias", symptoms=SYMPTOMS)
    got_w, got_b, got_name = _fields(out, "with_bias 的返回值")
    assert_close(
        got_b,
        new_b,
        rtol=0,
        atol=0,
        what="新层的 b",
        msg="新层的偏置应是传进来的 b。",
        mistakes=[
            Mistake(
                "bias_unchanged",
                b,
                "返回的层偏置没有换:还是原来的 b。用 dataclasses.replace(layer, b=b) 交回新对象。",
            )
        ],
    )
    assert_close(
        got_w, w, rtol=0, atol=0, what="新层的 w", msg="新层的 w 应和原来的层完全一样(只换 b)。"
    )
    assert_equal(
        got_name,
        "enc",
        f"新层的 name 变成了 {got_name!r},应保留原来的 'enc':静态字段也要原样照抄(replace "
        "会替你做)。",
        what="新层的 name",
    )


@checks.add("original", "传进来的层不被改动")
def _(L):
    import jax.numpy as jnp

    layer, w, b = _layer(L, 643, "dec")
    try:
        L.with_bias(layer, jnp.full(2, 7.0, jnp.float32))
    except Exception:  # the symptom itself is reported by "values"
        pass
    assert_close(
        as_array(layer.b, "原来的层的 b", shape=(2,)),
        b,
        rtol=0,
        atol=0,
        what="调用后原来的层的 b",
        msg="调用之后,原来的层的偏置被改掉了:冻结是为了杜绝原地修改,硬改(object.__setattr__)"
        "改的正是调用者手里的对象。交回新对象,原对象不动。",
    )


@checks.add("jit", "jit 下换 3 个偏置:只编译 1 次,name 原样保留", needs="values")
def _(L):
    import jax.numpy as jnp

    layer, w, _ = _layer(L, 644, "head")
    fn = R.jitted(L.with_bias)
    biases = [jnp.full(2, v, jnp.float32) for v in (1.0, -2.0, 3.5)]
    with CompileLog() as log:
        outs = [fn(layer, bb) for bb in biases]
    assert_compile_count(log, None, expected=1, msg=f"3 个偏置编译了 {log.total} 次,期望 1 次。")
    for bb, out in zip(biases, outs, strict=False):
        got_w, got_b, name = _fields(out, "jit 下的返回值")
        assert_close(
            got_b,
            np.asarray(bb),
            rtol=0,
            atol=0,
            what="jit 下新层的 b",
            msg="jit 下新层的偏置应是传进来的 b。",
        )
        assert_equal(name, "head", f"jit 下新层的 name 是 {name!r},应为 'head'。", what="name")
