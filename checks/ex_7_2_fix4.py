"""修复练习 7.2-fix4:-inf 做 mask,整行无效时 NaN → 填有限的 finfo.min.

Checks: on fresh logits with a fully masked row the result is finite, zero on invalid places,
softmax over the valid places, uniform on the fully masked row ("values"); the gradient of a loss
that gives the masked row weight 0 is finite and equals float64 ("grad")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, Mistake, assert_close, assert_that, rng

checks = Checks()


def _data(seed):
    import jax.numpy as jnp

    g = rng(seed)
    z = (2.0 * g.normal(size=(4, 5))).astype(np.float32)
    allowed = g.random((4, 5)) < 0.6
    allowed[:, 0] = True
    allowed[2] = False  # a padding row: nothing is valid
    return jnp.asarray(z), jnp.asarray(allowed)


def _want(z, allowed):
    z, allowed = np.asarray(z, np.float64), np.asarray(allowed)
    e = np.where(
        allowed,
        np.exp(z - np.where(allowed, z, -np.inf).max(-1, keepdims=True, initial=-np.inf)),
        0.0,
    )
    out = e / np.where(e.sum(-1, keepdims=True) > 0, e.sum(-1, keepdims=True), 1.0)
    out[~allowed.any(-1)] = 1.0 / z.shape[1]
    return out


@checks.add("values", "部分有效的行:只在有效位置上 softmax;整行无效:均匀分布;没有 NaN")
def _(L):
    z, allowed = _data(791)
    out = R.as_array(L.masked_softmax(z, allowed), "masked_softmax(z, allowed)", shape=(4, 5))
    want, full = _want(z, allowed), np.asarray(allowed).any(-1)
    bad = ~np.isfinite(out)
    assert_that(
        not bad.any(),
        f"结果里有 {int(bad.sum())} 个 NaN 或 inf,在第 "
        f"{sorted(set(np.argwhere(bad)[:, 0].tolist()))} 行"
        "(整行都无效的那一行):全是 -inf 的一行,softmax 要算 -inf − (-inf)。"
        "无效位置改填有限的大负数。",
        actual=out,
    )
    leak = np.abs(out[full][~np.asarray(allowed)[full]]).max(initial=0.0)
    assert_that(
        leak < 1e-7,
        f"无效位置分到了概率(最大 {leak:.3g}):它们的 logit 要换成一个足够小的数。",
        actual=out,
    )
    z64 = np.asarray(z, np.float64)
    plain = np.exp(z64 - z64.max(-1, keepdims=True))
    unnormalised = np.where(np.asarray(allowed), plain / plain.sum(-1, keepdims=True), 0.0)
    assert_close(
        out[full],
        want[full],
        rtol=1e-5,
        atol=1e-7,
        what="部分有效的行",
        msg="部分有效的行上,概率和只在有效位置上做的 softmax 不一致。",
        mistakes=[
            Mistake(
                "mask_after",
                unnormalised[full],
                "有效位置的概率等于「整行 softmax 后把无效位置置 0」:没有在有效位置上重新归一化,"
                "每行的和小于 1。"
                "先把无效位置的 logit 换掉,再做 softmax。",
            )
        ],
    )
    row = out[~full][0]
    assert_close(
        row,
        np.full_like(row, 1.0 / 5),
        rtol=1e-5,
        atol=1e-6,
        what="整行无效的那一行",
        msg=f"整行无效的那一行应是均匀分布(每个 0.2),实际是 {np.round(row, 4).tolist()}。",
    )


@checks.add("grad", "padding 行权重 0 的损失:对 z 的梯度处处有限", needs="values")
def _(L):
    import jax

    z, allowed = _data(792)
    target = np.asarray(_want(z, allowed) > 0.3, np.float32)
    row_w = np.array([1.0, 2.0, 0.0, 1.0], np.float32)

    loss = lambda z: (row_w[:, None] * L.masked_softmax(z, allowed) * target).sum()  # noqa: E731 (named <lambda> in compile logs)
    grad = R.finite(jax.jit(jax.grad(loss))(z), "对 z 的梯度")
    p = _want(z, allowed)
    inner = (p * target).sum(-1, keepdims=True)
    want = row_w[:, None] * p * (target - inner)
    assert_close(
        R.as_array(grad, "对 z 的梯度", shape=(4, 5)),
        want,
        rtol=1e-4,
        atol=1e-6,
        what="对 z 的梯度",
        msg="梯度和 float64 参考值不一致。",
    )
