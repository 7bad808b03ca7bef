"""修复练习 6.7-fix1:vmap 默认 out_axes=0 把共享参数广播成一批 → out_axes=(0, None).

Checks: predictions are w·x + b and the returned params keep their shapes and values ("shared");
the program never broadcasts the params into a batch ("no_copy")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    as_array,
    as_tuple,
    assert_close,
    assert_equal,
    fail,
    primitive_counts,
    rng,
)

checks = Checks()

SYMPTOMS = {
    "word:out_axes": "vmap 报 out_axes 的错:out_axes=None 只能给与批维度无关的输出;"
    "预测值依赖每个样本,"
    "应写 out_axes=(0, None)。",
    "word:map its argument": "vmap 报 in_axes 的错:参数整批共用写 None,样本沿第 0 维写 0,即 "
    "in_axes=(None, 0)。",
}


def _data(seed, n):
    import jax.numpy as jnp

    g = rng(seed)
    w, b = g.uniform(-2.0, 2.0, size=2).astype(np.float32)
    xs = g.uniform(-3.0, 3.0, size=n).astype(np.float32)
    return {"w": jnp.float32(w), "b": jnp.float32(b)}, jnp.asarray(xs), (float(w), float(b), xs)


@checks.add("shared", "预测正确;交回的参数形状不变、数值不变")
def _(L):
    params, xs, (w, b, raw) = _data(671, 7)
    preds, back = as_tuple(
        R.call(L.predict_batch, params, xs, what="predict_batch", symptoms=SYMPTOMS),
        2,
        "predict_batch 的返回值 (preds, params)",
    )
    assert_close(
        as_array(preds, "preds", shape=(7,)),
        w * raw.astype(np.float64) + b,
        rtol=1e-5,
        atol=1e-5,
        what="preds",
        msg="每个样本的预测应为 w·x + b。",
    )
    if not isinstance(back, dict) or set(back) != {"w", "b"}:
        fail("交回的参数应是和传进来一样的字典 {'w', 'b'}。", actual=repr(back)[:200])
    shapes = {k: tuple(getattr(v, "shape", ())) for k, v in back.items()}
    if any(shapes.values()):
        assert_equal(
            shapes,
            {"w": (), "b": ()},
            f"交回的参数形状变成了 {shapes}(传进来是标量 ()):默认 out_axes=0 把与批维度无关的参数"
            "广播成了每个样本一份。用 out_axes=(0, None) 让参数原样交回。",
            what="交回的参数形状",
        )
    assert_close(
        back,
        {"w": w, "b": b},
        rtol=1e-6,
        atol=1e-6,
        what="交回的参数",
        msg="交回的参数应与传进来的完全相同。",
    )


@checks.add("no_copy", "程序里没有把参数广播成一批", needs="shared")
def _(L):
    params, xs, _ = _data(672, 5)
    prims = primitive_counts(L.predict_batch, params, xs)
    if prims.get("broadcast_in_dim"):
        fail(
            "程序里还有 broadcast_in_dim:参数先被复制成每个样本一份,再被切片或平均回来。"
            "形状虽然对了,"
            "复制已经发生。让 vmap 一开始就不广播它:out_axes=(0, None)。",
            primitives=sorted(prims),
        )
