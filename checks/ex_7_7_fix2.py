"""修复练习 7.7-fix2:没注册的 dataclass 进 jit 报 TypeError → register_dataclass.

Checks: apply(Linear(w, b), x) on fresh data, a TypeError about the argument's type named ("jit");
Linear flattens to its two arrays and jax.grad through it gives a Linear of gradients ("pytree");
three weight values compile apply once ("compiles")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, CompileLog, assert_close, fail, rng

checks = Checks()
SYMPTOMS = {
    "word:abstract array": "Linear 没有注册成 pytree:对 JAX 来说它是一片不透明的叶子,不是数组,"
    "进不了 jit。"
    "用 jax.tree_util.register_dataclass 把它注册成 pytree。",
    "word:not a valid JAX type": "Linear 没有注册成 pytree,进不了 jit。用 jax.tree_util.register_da"
    "taclass 把它注册成 pytree。",
}


def _data(seed, n=4):
    g = rng(seed)
    return R.floats(g, 3, 2), R.floats(g, 2), R.floats(g, n, 3)


def _want(w, b, x):
    return np.asarray(x, np.float64) @ np.asarray(w, np.float64) + np.asarray(b, np.float64)


@checks.add("jit", "apply(Linear(w, b), x) = x·w + b")
def _(L):
    w, b, x = _data(871)
    out = R.call(L.apply, L.Linear(w, b), x, what="apply", symptoms=SYMPTOMS)
    assert_close(
        R.as_array(out, "apply(layer, x)", shape=(4, 2)),
        _want(w, b, x),
        rtol=1e-5,
        atol=1e-6,
        what="apply(layer, x)",
        msg="apply 的结果和 x·weight + bias 不一致。",
    )


@checks.add("pytree", "Linear 展平成两个数组;grad 穿过它得到同结构的梯度", needs="jit")
def _(L):
    import jax

    w, b, x = _data(872)
    layer = L.Linear(w, b)
    leaves = jax.tree.leaves(layer)
    if len(leaves) != 2 or any(leaf is layer for leaf in leaves):
        fail(
            f"jax.tree.leaves(Linear(...)) 得到 {len(leaves)} 片叶子"
            f"{'(就是对象本身)' if any(leaf is layer for leaf in leaves) else ''}:Linear 对 JAX "
            "来说仍是一片不透明的叶子,"
            "没有注册成 pytree。用 jax.tree_util.register_dataclass 注册它。",
            leaves=[type(leaf).__name__ for leaf in leaves],
        )

    loss = lambda lay: (L.apply(lay, x) ** 2).sum()  # noqa: E731 (named <lambda> in compile logs)
    grads = R.call(jax.grad(loss), layer, what="jax.grad 对 layer 求导", symptoms=SYMPTOMS)
    if not isinstance(grads, L.Linear):
        fail(
            f"对 layer 求导应得到一个 Linear,实际是 {type(grads).__name__}。",
            actual=repr(grads)[:200],
        )
    r = 2 * _want(w, b, x)
    assert_close(
        [grads.weight, grads.bias],
        [np.asarray(x, np.float64).T @ r, r.sum(0)],
        rtol=1e-4,
        atol=1e-5,
        what="对 layer 的梯度 [weight, bias]",
        msg="对 layer 的梯度和解析值 (2xᵀr, Σr) 不一致。",
    )


@checks.add("compiles", "3 组不同数值的权重:apply 只编译 1 次", needs="jit")
def _(L):
    layers, xs = [], []
    for seed in (873, 874, 875):
        w, b, x = _data(seed, n=5)
        layers.append(L.Linear(w, b))
        xs.append(x)
    with CompileLog() as log:
        for layer, x in zip(layers, xs, strict=False):
            L.apply(layer, x)
    R.assert_once(
        log,
        name=None,
        calls=3,
        what=" apply ",
        repeat="权重的数值被当成了缓存键的一部分。让它们作为 pytree 的叶子传进去。",
    )
