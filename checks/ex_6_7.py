"""练习 6.7(补充练习 4)RNN 的隐藏状态:rnn_forward(params, xs) 用 lax.scan 携带隐藏状态,
新状态 = tanh(上一状态·Wh + 输入·Wx + b),每步输出 = 新状态·Wo,初始状态为 0;
训练 300 步的逐步损失命名为 rnn_losses。

章节自检的每一条断言与对应的检查(default_rng(4);float64 的 P:Wh 0.3·N(16,16)、Wx N(1,16)、
b 0.1·N(16)、Wo 0.3·N(16,1);xs = uniform(-1, 1, (7, 1))):
  1. rnn_forward 的 jaxpr 文本里有 scan                                            -> uses_scan
  2. jax.jit(rnn_forward) 的输出形状 (7, 1)                                         -> shape
  3. 与 NumPy float64 逐步展开的参考一致(h_0 = 0;行向量 h@Wh 或列向量 Wh@h 都接受,atol 1e-4) -> values
  4. 参数不分批、序列分批的 vmap 作用于 [xs, -xs, 2xs]:形状 (3, 7, 1)             -> vmap
  5. grad(sum(rnn_forward(p, xs)**2)) 的结构与 params 相同                          -> grad_structure
  6. jax.test_util.check_grads:一阶、反向模式,atol = rtol = 5e-2                  -> check_grads
  7. rnn_losses 形状 (300,) 且全部有限                                              -> losses
  8. 最后一步损失 < 0.1 × 第一步损失                                                           -> improves
另加:fresh(长度 13 的新序列和新参数,vmap 后每条序列都与 float64 参考一致,约定前后一致)。
最终损失不做精确比较:它随机器浮动(本机 0.00299,章节 0.00324)。"""

from __future__ import annotations


import numpy as np

from tutor.checklib import Checks, assert_that, fail, rng

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path



checks = Checks()
HID = 16


def _chapter_data():
    g = np.random.default_rng(seed=4)  # 与章节自检相同的种子和抽样顺序
    w_h = g.standard_normal((HID, HID)) * 0.3
    w_x = g.standard_normal((1, HID))
    bias = g.standard_normal(HID) * 0.1
    w_o = g.standard_normal((HID, 1)) * 0.3
    seq = g.uniform(-1, 1, (7, 1))
    return {"Wh": w_h, "Wx": w_x, "b": bias, "Wo": w_o}, seq


def _ref(P, xs, row_vec=True, h0=None):
    """NumPy float64 逐步展开。列向量约定 Wh·h 等价于行向量约定 h·Whᵀ。"""
    rec = P["Wh"] if row_vec else P["Wh"].T
    state = np.zeros(HID) if h0 is None else h0
    out = np.empty((len(xs), 1))
    for t, x_t in enumerate(xs):
        state = np.tanh(state @ rec + x_t @ P["Wx"] + P["b"])
        out[t] = state @ P["Wo"]
    return out


def _forward(L, P, xs, jit=True):
    import jax

    fn = jax.jit(L.rnn_forward) if jit else L.rnn_forward
    return fn(H.tree32(P), H.tree32(xs))


def _diagnose(out, P, xs):
    """Names the misconception behind wrong RNN outputs of the right shape."""
    for row in (True, False):
        ref = _ref(P, xs, row)
        if np.allclose(out, ref, atol=1e-4):
            return None
    # 没有 tanh
    def no_tanh(row):
        rec = P["Wh"] if row else P["Wh"].T
        state, out = np.zeros(HID), []
        for x_t in xs:
            state = state @ rec + x_t @ P["Wx"] + P["b"]
            out.append(state @ P["Wo"])
        return np.array(out)

    if any(np.allclose(out, no_tanh(r), atol=1e-4) for r in (True, False)):
        return "输出像是没有经过 tanh:h_t = tanh(W_h h_{t-1} + W_x x_t + b),激活函数不能省。"
    # 隐藏状态没有传下去(每步都从 0 开始)
    fresh_each = np.array([np.tanh(x @ P["Wx"] + P["b"]) @ P["Wo"] for x in xs])
    if np.allclose(out, fresh_each, atol=1e-4):
        return ("每一步都像是从 h = 0 重新开始:新的隐藏状态要作为 carry 返回给 lax.scan,"
                "下一步才能用上它(主体函数返回 (新的 h, 本步输出))。")
    # 输出用了上一步的 h
    def lagged(row):
        rec = P["Wh"] if row else P["Wh"].T
        state, out = np.zeros(HID), []
        for x_t in xs:
            out.append(state @ P["Wo"])
            state = np.tanh(state @ rec + x_t @ P["Wx"] + P["b"])
        return np.array(out)

    if any(np.allclose(out, lagged(r), atol=1e-4) for r in (True, False)):
        return "输出用的是更新前的隐藏状态:y_t 应由本步算出的新 h_t 得到(y_t = h_t W_o)。"
    if not np.allclose(out[0], _ref(P, xs[:1])[0], atol=1e-4):
        return ("第一步的输出就不对:h_0 应为全 0 向量(形状 (16,)),"
                "第一步 h_1 = tanh(W_x x_1 + b)。")
    return ("rnn_forward 的输出和 float64 参考对不上:隐藏状态从 0 开始,每步先算 tanh(h·Wh + x·Wx + b),"
            "再用新的 h 乘 Wo 得到输出;检查矩阵乘法的顺序和各参数的用法。")


@checks.add("uses_scan", "rnn_forward 用 lax.scan 携带隐藏状态")
def _(L):
    import jax.numpy as jnp

    P, xs = _chapter_data()
    text = H.jaxpr_text(L.rnn_forward, H.tree32(P), jnp.asarray(xs, jnp.float32))
    assert_that("scan" in text,
                "rnn_forward 的 jaxpr 里没有 scan:应该用 lax.scan(cell, h0, xs) 把隐藏状态作为 carry 逐步传递,"
                "而不是用 Python for 循环展开(序列一长,编译时间和程序大小都会随长度线性增长)。",
                primitives=H.primitive_names(text))


@checks.add("shape", "jax.jit(rnn_forward) 对 (7, 1) 的输入输出 (7, 1)")
def _(L):
    P, xs = _chapter_data()
    out = np.asarray(_forward(L, P, xs))
    if out.shape == (7, HID):
        fail("输出形状是 (7, 16):每一步输出的是隐藏状态本身,还要再乘上 W_o(y_t = h_t W_o)。",
             expected=[7, 1], actual=list(out.shape))
    if out.shape in ((HID,), (1,)):
        fail(f"输出形状是 {out.shape}:返回的是 scan 的最终 carry,而题目要的是每一步的输出序列 ys。",
             expected=[7, 1], actual=list(out.shape))
    if out.shape == (7, 1, 1):
        fail("输出形状是 (7, 1, 1):h_0 多了一个批量维(应是形状 (16,) 的零向量),"
             "批量维交给 vmap 去加。", expected=[7, 1], actual=list(out.shape))
    assert_that(out.shape == (7, 1), f"输入 (7, 1) 时输出也应是 (7, 1),实际得到 {out.shape}。",
                expected=[7, 1], actual=list(out.shape))


@checks.add("values", "与 NumPy float64 逐步展开的参考一致(h_0 = 0,atol 1e-4)", needs="shape")
def _(L):
    P, xs = _chapter_data()
    out = np.asarray(_forward(L, P, xs), np.float64)
    why = _diagnose(out, P, xs)
    if why:
        fail(why, expected_row_convention=_ref(P, xs, True), expected_column_convention=_ref(P, xs, False),
             actual=out)


@checks.add("vmap", "vmap(rnn_forward, in_axes=(None, 0)) 处理 3 条序列:形状 (3, 7, 1)", needs="shape")
def _(L):
    import jax
    import jax.numpy as jnp

    P, xs = _chapter_data()
    xj = jnp.asarray(xs, jnp.float32)
    three = jnp.stack([xj, -xj, 2 * xj])
    per_seq = jax.vmap(L.rnn_forward, (None, 0))  # 参数共享,序列成批
    batched = per_seq(H.tree32(P), three)
    assert_that(np.shape(batched) == (3, 7, 1),
                "把 3 条序列交给 vmap 后形状不对:它只处理一条 (T, 1) 的序列,不要在函数里假定批量维。",
                expected=[3, 7, 1], actual=list(np.shape(batched)))


@checks.add("grad_structure", "对 sum(rnn_forward(p, xs)²) 求梯度:结构与 params 相同")
def _(L):
    import jax
    import jax.numpy as jnp

    P, xs = _chapter_data()
    params, xj = H.tree32(P), jnp.asarray(xs, jnp.float32)
    g = jax.grad(lambda p: jnp.sum(jnp.square(L.rnn_forward(p, xj))))(params)
    same = jax.tree.structure(g) == jax.tree.structure(params)
    assert_that(same,
                "梯度树和参数树的结构不同:rnn_forward 的第一个参数就是整棵参数字典,"
                "jax.grad 会对其中每个叶子求导。",
                expected=str(jax.tree.structure(params)), actual=str(jax.tree.structure(g)))
    bad = [k for k, v in g.items() if not np.all(np.isfinite(np.asarray(v)))] if isinstance(g, dict) else []
    assert_that(not bad, f"这些参数的梯度里有 NaN/inf:{bad}。", leaves=bad)
    zero = [k for k, v in g.items() if np.allclose(np.asarray(v), 0.0)] if isinstance(g, dict) else []
    assert_that(not zero,
                f"这些参数的梯度全为 0:{zero}。它们没有参与前向计算,或者被 stop_gradient / "
                "转换成 NumPy 切断了;反向传播应能穿过 lax.scan 到达每个参数。", leaves=zero)


@checks.add("check_grads", "反向传播穿过 scan:与有限差分一致(check_grads,atol=rtol=5e-2)",
            needs="grad_structure")
def _(L):
    from jax.test_util import check_grads
    import jax.numpy as jnp

    P, xs = _chapter_data()
    params, xj = H.tree32(P), jnp.asarray(xs, jnp.float32)

    def energy(p):
        return jnp.sum(jnp.square(L.rnn_forward(p, xj)))

    try:
        # 一阶、只测反向模式;容差与章节自检相同
        check_grads(energy, (params,), 1, modes=("rev",), atol=0.05, rtol=0.05)
    except AssertionError as e:
        fail("jax.grad 给出的梯度和有限差分对不上:前向计算里可能有不可微的操作"
             "(比如 jnp.round、整数转换、把中间结果转成 NumPy 再转回来)。",
             detail=str(e)[:600])


@checks.add("fresh", "新参数、长度 13 的新序列(vmap 成一批):每条都与 float64 参考一致", needs="shape")
def _(L):
    import jax
    import jax.numpy as jnp

    g = rng(67)
    P = {"Wh": 0.25 * g.standard_normal((HID, HID)), "Wx": 0.8 * g.standard_normal((1, HID)),
         "b": 0.2 * g.standard_normal(HID), "Wo": 0.4 * g.standard_normal((HID, 1))}
    seqs = g.uniform(-1.5, 1.5, (4, 13, 1))
    out = np.asarray(jax.jit(jax.vmap(L.rnn_forward, (None, 0)))(
        H.tree32(P), jnp.asarray(seqs, jnp.float32)), np.float64)
    assert_that(out.shape == (4, 13, 1),
                "换成长度 13 的序列后形状不对:不要把序列长度 T 写死在 rnn_forward 里。",
                expected=[4, 13, 1], actual=list(out.shape))
    for row in (True, False):
        ref = np.stack([_ref(P, s, row) for s in seqs])
        if np.allclose(out, ref, atol=1e-4):
            return
    fail("换一组参数和序列后输出与参考不符:" + (_diagnose(out[0], P, seqs[0]) or
         "不同序列之间不应互相影响,每条序列都从 h_0 = 0 开始。"),
         expected=np.stack([_ref(P, s, True) for s in seqs]), actual=out)


@checks.add("losses", "rnn_losses 是 300 步、全部有限的逐步损失")
def _(L):
    H.loss_trace(L, "rnn_losses", 300)


@checks.add("improves", "训练 300 步后损失降到初始的 1/10 以下", needs="losses")
def _(L):
    rl = np.asarray(L.rnn_losses, np.float64)
    if np.allclose(rl, rl[0], rtol=1e-6):
        fail("300 步的损失完全没有变化:训练循环里参数没有被更新。新参数要放回 carry"
             "(或赋回变量),损失函数要用 carry 里的参数,而不是闭包捕获的初始参数。",
             first=float(rl[0]), last=float(rl[-1]))
    first, last = rl[0], rl[-1]
    assert_that(last < 0.1 * first,
                f"300 步之后损失只从 {first:.4f} 降到 {last:.4f},没有降到初始的十分之一以下。"
                "检查学习率(参考答案用 adam(0.01))、优化器状态是否在步与步之间传递,"
                "以及目标是不是输入的累计和(jnp.cumsum(xs, axis=1))。",
                first=float(rl[0]), last=float(rl[-1]))
