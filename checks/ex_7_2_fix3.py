"""修复练习 7.2-fix3:log(softmax) 的交叉熵在极端 logits 上 inf/NaN → log_softmax.

Checks: the loss on fresh logits with ±900 and −130 entries is finite and equals float64 ("values");
its gradient in z is finite and equals (softmax − onehot)/B ("grad")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, as_scalar, assert_close, assert_that, rng
from tutor.worker.mistakes import Known, produced

checks = Checks()


def _data(seed):
    import jax.numpy as jnp

    g = rng(seed)
    z = g.normal(size=(5, 4)).astype(np.float32)
    z[0] = [900.0, 10.0, -900.0, 3.0]
    z[1] = [2.0, -130.0, 0.0, 1.0]
    z[3] = [-950.0, -951.0, -953.0, -950.5]
    labels = np.array([0, 1, 2, 3, int(g.integers(0, 4))])
    return jnp.asarray(z), jnp.asarray(labels)


def _want(z, labels):
    z = np.asarray(z, np.float64)
    shifted = z - z.max(-1, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))
    onehot = np.eye(z.shape[1])[np.asarray(labels)]
    return -logp[np.arange(len(z)), np.asarray(labels)].mean(), (np.exp(logp) - onehot) / len(z)


def _per_row(z, labels):
    z = np.asarray(z, np.float64)
    shifted = z - z.max(-1, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))
    return -logp[np.arange(len(z)), np.asarray(labels)]


# What the common slips give for the loss on the check's logits (computed, then matched).
MISTAKES = [
    Known(
        "sum",
        lambda z, labels: _per_row(z, labels).sum(),
        "损失等于各行交叉熵之**和**(是平均值的 B 倍):题目要的是 batch 的平均交叉熵,用 .mean()。",
    ),
    Known(
        "no_minus",
        lambda z, labels: -_per_row(z, labels).mean(),
        "损失等于平均交叉熵的相反数:log 概率是负数,交叉熵要再取负号。",
    ),
]


@checks.add("values", "含 ±900、−130 的新 logits:损失有限且等于 float64 参考值")
def _(L):
    z, labels = _data(781)
    value = as_scalar(L.xent(z, labels), "xent(z, labels)")
    assert_that(
        np.isfinite(value),
        f"损失不是有限数({value})。这组 logits 里有 900、−950 这样的大数,"
        "正确类别的概率也有约 e^-132 这样的小数:它们在 float32 的 exp 里上溢成 inf 或下溢成 0。"
        "直接计算 log 概率,不要经过概率。",
        loss=value,
    )
    assert_close(
        value,
        _want(z, labels)[0],
        rtol=1e-5,
        atol=1e-4,
        what="xent(z, labels)",
        msg="损失和 float64 的交叉熵不一致。",
        mistakes=produced(MISTAKES, z, labels),
    )


@checks.add("grad", "对 z 的梯度有限,等于 (softmax − onehot)/B", needs="values")
def _(L):
    import jax

    z, labels = _data(782)
    grad = R.finite(jax.jit(jax.grad(R.scalar_fn(L.xent)))(z, labels), "对 z 的梯度")
    assert_close(
        R.as_array(grad, "对 z 的梯度", shape=(5, 4)),
        _want(z, labels)[1],
        rtol=1e-4,
        atol=1e-6,
        what="对 z 的梯度",
        msg="梯度和 (softmax − onehot)/B 不一致。",
    )
