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
最终损失不做精确比较:它随机器浮动(本机 0.00299,章节 0.00324)。
训练设置(题目固定了数据、隐藏维、损失和 adam(0.01);key 与初始化由学习者选):训练序列和训练后的参数
留在模块顶层、名字随意,按形状找到 -> data(64×20×1,铺满 [−0.5, 0.5])、trained(均方误差以累计和为目标,
与 rnn_losses 末尾同一量级);初始参数也在顶层时(损失等于 rnn_losses[0]),replay 用 NumPy float64
BPTT + Adam 重放前 10 步逐步对拍。"""

from __future__ import annotations

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path
import _program_rules as PR
import numpy as np
from _rnn_ref import HID
from _rnn_ref import hidden_states as _hidden
from _rnn_ref import unrolled as _ref

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    assert_that,
    fail,
    primitive_counts,
    rng,
)
from tutor.worker.mistakes import Known, diagnose

checks = Checks()
legacy_keys = checks.watch(PR.LegacyKeyUses())  # raw uint32 keys used by the learner's run


def _chapter_data():
    g = np.random.default_rng(seed=4)  # 与章节自检相同的种子和抽样顺序
    w_h = g.standard_normal((HID, HID)) * 0.3
    w_x = g.standard_normal((1, HID))
    bias = g.standard_normal(HID) * 0.1
    w_o = g.standard_normal((HID, 1)) * 0.3
    seq = g.uniform(-1, 1, (7, 1))
    return {"Wh": w_h, "Wx": w_x, "b": bias, "Wo": w_o}, seq


def _forward(L, P, xs, jit=True, what="rnn_forward(params, xs)"):
    """The learner's outputs for one sequence as a float64 array, structure checked first."""
    import jax

    fn = jax.jit(L.rnn_forward) if jit else L.rnn_forward
    out = fn(H.tree32(P), H.tree32(xs))
    if isinstance(out, (tuple, list)):
        whole = len(out) == 2 and np.shape(out[0]) == (HID,) and np.shape(out[1]) == (len(xs), 1)
        fail(
            f"{what} 返回了含 {len(out)} 个元素的 {type(out).__name__}"
            + (
                ":这是 lax.scan 的整个结果 (最终 carry, ys),只要返回第二项 ys。"
                if whole
                else f",应返回一个形状 ({len(xs)}, 1) 的数组(每一步的输出)。"
            ),
            actual=H.render(out),
        )
    return as_array(out, f"{what} 的输出").astype(np.float64)


def _variant(P, xs, row, *, tanh=True, carry=True, lagged=False, h0=0.0):
    """Outputs of the RNN and of its common slips (float64)."""
    rec = P["Wh"] if row else P["Wh"].T
    state, out = np.full(HID, h0), []
    for x_t in xs:
        pre = (state if carry else np.zeros(HID)) @ rec + x_t @ P["Wx"] + P["b"]
        new = np.tanh(pre) if tanh else pre
        out.append((state if lagged else new) @ P["Wo"])
        state = new
    return np.array(out)


# The slips the value checks can name, each computed for the check's parameters, sequence and
# matrix convention (row: h·W_h, else W_h·h).
MISTAKES = [
    Known(
        "no_tanh",
        lambda P, xs, row: _variant(P, xs, row, tanh=False),
        "输出正好是去掉 tanh 的递推:h_t = tanh(h_{t−1}·W_h + x_t·W_x + b),激活函数不能省。",
    ),
    Known(
        "state_not_carried",
        lambda P, xs, row: _variant(P, xs, row, carry=False),
        "每一步都像是从 h = 0 重新开始:新的隐藏状态要作为 carry 交给 lax.scan,"
        "下一步才能用上它(主体函数返回 (新的 h, 本步输出))。",
    ),
    Known(
        "lagged",
        lambda P, xs, row: _variant(P, xs, row, lagged=True),
        "输出用的是更新前的隐藏状态:y_t 应由本步算出的新 h_t 得到(y_t = h_t·W_o)。",
    ),
    Known(
        "h0_ones",
        lambda P, xs, row: _variant(P, xs, row, h0=1.0),
        "输出与从 h₀ = 1(全 1 向量)出发的递推一致:初始隐藏状态应是零向量,jnp.zeros(16)。",
    ),
]


def _diagnose(out, P, xs):
    """The slip whose outputs the learner's match (both matrix conventions tried), else None."""
    for row in (True, False):
        found = diagnose(out, MISTAKES, P, xs, row, rtol=1e-5, atol=1e-4)
        if found:
            return found.message
    return None


@checks.add("uses_scan", "rnn_forward 用 lax.scan 携带隐藏状态")
def _(L):
    import jax.numpy as jnp

    P, xs = _chapter_data()
    counts = primitive_counts(L.rnn_forward, H.tree32(P), jnp.asarray(xs, jnp.float32))
    assert_that(
        counts.get("scan", 0) >= 1,
        "rnn_forward 的程序里没有 scan:应该用 lax.scan(cell, h0, xs) 把隐藏状态作为 carry 逐步传递"
        "(Python for 循环会被展开,程序大小和编译时间随序列长度线性增长)。",
        primitives=sorted(counts)[:30],
    )


@checks.add("shape", "jax.jit(rnn_forward) 对 (7, 1) 的输入输出 (7, 1)")
def _(L):
    P, xs = _chapter_data()
    out = _forward(L, P, xs)
    if out.shape == (7, 1):
        return
    for row in (True, False):
        hs = _hidden(P, xs, row)
        if out.shape == hs.shape and np.allclose(out, hs, atol=1e-4):
            fail(
                "输出正好是每一步的隐藏状态 h_t(形状 (7, 16)):还要再乘上 W_o(y_t = h_t·W_o)。",
                expected=[7, 1],
                actual=list(out.shape),
            )
        if out.shape == hs[-1].shape and np.allclose(out, hs[-1], atol=1e-4):
            fail(
                "输出正好是最后一个隐藏状态(scan 的最终 carry):题目要的是每一步的输出序列 ys,"
                "即 lax.scan 返回值的第二项。",
                expected=[7, 1],
                actual=list(out.shape),
            )
    if out.size == 7 and any(
        np.allclose(out.reshape(7, 1), _ref(P, xs, r), atol=1e-4) for r in (True, False)
    ):
        fail(
            f"数值是对的,但输出的形状是 {out.shape},应为 (7, 1):检查 h_0 的形状(应是 (16,),"
            "批量维交给 vmap)和每一步输出的形状。",
            expected=[7, 1],
            actual=list(out.shape),
        )
    fail(
        f"输入 (7, 1) 时输出应是 (7, 1),实际得到 {out.shape}。",
        expected=[7, 1],
        actual=list(out.shape),
    )


@checks.add("values", "与 NumPy float64 逐步展开的参考一致(h_0 = 0,atol 1e-4)", needs="shape")
def _(L):
    P, xs = _chapter_data()
    out = _forward(L, P, xs)
    if any(np.allclose(out, _ref(P, xs, row), atol=1e-4) for row in (True, False)):
        return
    fail(
        _diagnose(out, P, xs)
        or "rnn_forward 的输出和 float64 参考对不上(行向量 h·W_h 与列向量 W_h·h 两种约定都试过)。",
        expected_row_convention=_ref(P, xs, True),
        expected_column_convention=_ref(P, xs, False),
        actual=out,
    )


@checks.add(
    "vmap", "vmap(rnn_forward, in_axes=(None, 0)) 处理 3 条序列:形状 (3, 7, 1)", needs="shape"
)
def _(L):
    import jax
    import jax.numpy as jnp

    P, xs = _chapter_data()
    xj = jnp.asarray(xs, jnp.float32)
    three = jnp.stack([xj, -xj, 2 * xj])
    batched = jax.vmap(L.rnn_forward, (None, 0))(H.tree32(P), three)  # 参数共享,序列成批
    got = as_array(batched, "vmap 后的输出")
    assert_that(
        got.shape == (3, 7, 1),
        f"把 3 条序列交给 vmap 后形状是 {got.shape},应为 (3, 7, 1)。",
        expected=[3, 7, 1],
        actual=list(got.shape),
    )


@checks.add(
    "grad_structure", "对 sum(rnn_forward(p, xs)²) 求梯度:结构与 params 相同", needs="shape"
)
def _(L):
    import jax
    import jax.numpy as jnp

    P, xs = _chapter_data()
    params, xj = H.tree32(P), jnp.asarray(xs, jnp.float32)
    as_array(L.rnn_forward(params, xj), "rnn_forward(params, xs)", floating=True)
    g = jax.grad(lambda p: jnp.sum(jnp.square(L.rnn_forward(p, xj))))(params)
    same = jax.tree.structure(g) == jax.tree.structure(params)
    assert_that(
        same,
        "梯度树和参数树的结构不同:rnn_forward 的第一个参数就是整棵参数字典,"
        "jax.grad 会对其中每个叶子求导。",
        expected=str(jax.tree.structure(params)),
        actual=str(jax.tree.structure(g)),
    )
    bad = (
        [k for k, v in g.items() if not np.all(np.isfinite(np.asarray(v)))]
        if isinstance(g, dict)
        else []
    )
    assert_that(not bad, f"这些参数的梯度里有 NaN/inf:{bad}。", leaves=bad)
    zero = (
        [k for k, v in g.items() if np.allclose(np.asarray(v), 0.0)] if isinstance(g, dict) else []
    )
    assert_that(
        not zero,
        f"这些参数的梯度全为 0:{zero}。输出对它们没有依赖:反向传播应能穿过 lax.scan 到达每个参数。",
        leaves=zero,
    )


@checks.add(
    "check_grads",
    "反向传播穿过 scan:与有限差分一致(check_grads,atol=rtol=5e-2)",
    needs="grad_structure",
)
def _(L):
    import jax.numpy as jnp
    from jax.test_util import check_grads

    P, xs = _chapter_data()
    params, xj = H.tree32(P), jnp.asarray(xs, jnp.float32)

    def energy(p):
        return jnp.sum(jnp.square(L.rnn_forward(p, xj)))

    try:
        # 一阶、只测反向模式;容差与章节自检相同
        check_grads(energy, (params,), 1, modes=("rev",), atol=0.05, rtol=0.05)
    except AssertionError as e:
        fail("jax.grad 给出的梯度和有限差分(数值微分)对不上,差异见下方。", detail=str(e)[:600])


@checks.add(
    "fresh", "新参数、长度 13 的新序列(vmap 成一批):每条都与 float64 参考一致", needs="shape"
)
def _(L):
    import jax
    import jax.numpy as jnp

    g = rng(67)
    P = {
        "Wh": 0.25 * g.standard_normal((HID, HID)),
        "Wx": 0.8 * g.standard_normal((1, HID)),
        "b": 0.2 * g.standard_normal(HID),
        "Wo": 0.4 * g.standard_normal((HID, 1)),
    }
    seqs = g.uniform(-1.5, 1.5, (4, 13, 1))
    out = as_array(
        jax.jit(jax.vmap(L.rnn_forward, (None, 0)))(H.tree32(P), jnp.asarray(seqs, jnp.float32)),
        "vmap 后的输出",
    ).astype(np.float64)
    assert_that(
        out.shape == (4, 13, 1),
        f"4 条长度 13 的序列经 vmap 后形状应为 (4, 13, 1),实际是 {out.shape}。",
        expected=[4, 13, 1],
        actual=list(out.shape),
    )
    for row in (True, False):
        ref = np.stack([_ref(P, s, row) for s in seqs])
        if np.allclose(out, ref, atol=1e-4):
            return
    fail(
        "换一组参数和长度 13 的序列后输出与参考不符:"
        + (_diagnose(out[0], P, seqs[0]) or "见期望值与实际值(两种矩阵乘法约定都试过)。"),
        expected=np.stack([_ref(P, s, True) for s in seqs]),
        actual=out,
    )


@checks.add("losses", "rnn_losses 是 300 步、全部有限的逐步损失")
def _(L):
    H.loss_trace(L, "rnn_losses", 300)


@checks.add("improves", "训练 300 步后损失降到初始的 1/10 以下", needs="losses")
def _(L):
    rl = H.loss_trace(L, "rnn_losses", 300)
    if np.allclose(rl, rl[0], rtol=1e-6):
        fail(
            "300 步的损失完全没有变化:每一步的损失都是在同一组参数上算的。损失和梯度要用 carry 里"
            "当前的参数,新参数要放回 carry,而不是一直用闭包捕获的初始参数。",
            first=float(rl[0]),
            last=float(rl[-1]),
        )
    first, last = rl[0], rl[-1]
    assert_that(
        last < 0.1 * first,
        f"300 步之后损失只从 {first:.4f} 降到 {last:.4f},没有降到初始的十分之一以下。",
        first=float(rl[0]),
        last=float(rl[-1]),
    )


# ---------------------------------------------------------------- the statement's training set-up

SEQ_SHAPE, REPLAY_STEPS, LR = (64, 20, 1), 10, 0.01
PARAM_SHAPES = {"Wh": (HID, HID), "Wx": (1, HID), "b": (HID,), "Wo": (HID, 1)}


def _is_array(value) -> bool:
    import jax

    return isinstance(value, (np.ndarray, jax.Array))


def _sequences(L):
    """(name, float64 array) for every floating array of shape (64, 20, 1) kept at top level."""
    return [
        (name, np.asarray(v, np.float64))
        for name, v in H.module_values(L.ns)
        if _is_array(v) and np.shape(v) == SEQ_SHAPE and np.issubdtype(v.dtype, np.floating)
    ]


def _uniform_half(a) -> bool:
    """All in [−0.5, 0.5], both ends nearly reached (1280 uniform draws miss one by 0.05 with p = 0.9¹²⁸⁰)."""
    return a.min() >= -0.5 - 1e-6 and a.max() <= 0.5 + 1e-6 and a.min() < -0.45 and a.max() > 0.45


def _param_dicts(L):
    """(name, dict of float64 leaves) for every top-level dict with the keys Wh, Wx, b, Wo."""
    found = []
    for name, v in H.module_values(L.ns):
        if (
            type(v) is dict
            and set(PARAM_SHAPES) <= set(v)
            and all(_is_array(v[k]) for k in PARAM_SHAPES)
        ):
            found.append((name, {k: np.asarray(v[k], np.float64) for k in PARAM_SHAPES}))
    return found


def _row_convention(L) -> bool:
    """True when the learner's rnn_forward multiplies h @ Wh (False: Wh @ h), seen on the chapter data."""
    P, xs = _chapter_data()
    return bool(np.allclose(_forward(L, P, xs), _ref(P, xs, True), atol=1e-4))


def _batch_states(P, X, rec):
    """Hidden states (T+1, B, H) from h_0 = 0 and outputs (B, T, 1) of a batch of sequences."""
    hs = [np.zeros((X.shape[0], rec.shape[0]))]
    for t in range(X.shape[1]):
        hs.append(np.tanh(hs[-1] @ rec + X[:, t] @ P["Wx"] + P["b"]))
    hs = np.stack(hs)
    return hs, np.einsum("tbh,ho->bto", hs[1:], P["Wo"])


def _mse(P, X, Y, row) -> float:
    return float(np.mean((_batch_states(P, X, P["Wh"] if row else P["Wh"].T)[1] - Y) ** 2))


def _loss_grad(P, X, Y, row):
    """Mean squared error over the batch and its gradient, by backpropagation through time (float64)."""
    rec = P["Wh"] if row else P["Wh"].T
    hs, out = _batch_states(P, X, rec)
    err = out - Y
    d_out = 2 * err / err.size
    g = {
        "Wo": np.einsum("tbh,bto->ho", hs[1:], d_out),
        "Wx": np.zeros_like(P["Wx"]),
        "b": np.zeros_like(P["b"]),
    }
    g_rec, d_h = np.zeros_like(rec), np.zeros_like(hs[0])
    for t in range(X.shape[1] - 1, -1, -1):
        d_pre = (d_h + d_out[:, t] @ P["Wo"].T) * (1 - hs[t + 1] ** 2)
        g_rec += hs[t].T @ d_pre
        g["Wx"] += X[:, t].T @ d_pre
        g["b"] += d_pre.sum(axis=0)
        d_h = d_pre @ rec.T
    g["Wh"] = g_rec if row else g_rec.T
    return float(np.mean(err**2)), g


@checks.add("data", "模块顶层有训练序列:一批 64 条、长度 20、元素均匀分布在 [−0.5, 0.5]")
def _(L):
    seqs = _sequences(L)
    if any(_uniform_half(a) for _, a in seqs):
        return
    if seqs:
        ranges = ";".join(
            f"{name} 的取值范围是 [{a.min():.3f}, {a.max():.3f}]" for name, a in seqs[:4]
        )
        unit = [
            name
            for name, a in seqs
            if a.min() >= 0 and a.max() < 1 and a.min() < 0.05 and a.max() > 0.95
        ]
        fail(
            f"形状 (64, 20, 1) 的数组里,没有一个的元素铺满 [−0.5, 0.5]:{ranges}。题目要的序列在 [−0.5, 0.5] 内均匀分布"
            + (
                f";{unit[0]} 铺满的是 [0, 1),正是 jax.random.uniform 的默认区间:要写 minval=-0.5, maxval=0.5。"
                if unit
                else "。"
            ),
            ranges={name: [float(a.min()), float(a.max())] for name, a in seqs[:4]},
        )
    others = {
        name: list(np.shape(v))
        for name, v in H.module_values(L.ns)
        if _is_array(v) and np.ndim(v) == 3 and np.shape(v)[-1] == 1
    }
    fail(
        "模块顶层找不到形状 (64, 20, 1) 的训练序列(一批 64 条、长度 20):"
        + (
            f"找到的三维数组是 {others}。"
            if others
            else "训练数据要留在模块顶层(名字随意),检查会按形状找到它,用它复算损失。"
        ),
        expected=list(SEQ_SHAPE),
        found=others,
    )


@checks.add(
    "trained",
    "训练后的参数拟合了这批序列的累计和,均方误差与 rnn_losses 的末尾同一量级",
    needs=("data", "values", "losses"),
)
def _(L):
    rl = H.loss_trace(L, "rnn_losses", 300)
    dicts = _param_dicts(L)
    good = [(name, P) for name, P in dicts if all(P[k].shape == s for k, s in PARAM_SHAPES.items())]
    if not good:
        shapes = {name: {k: list(P[k].shape) for k in PARAM_SHAPES} for name, P in dicts}
        fail(
            (
                f"参数字典的形状不对:{shapes};题目要求 Wh (16, 16)、Wx (1, 16)、b (16,)、Wo (16, 1)(隐藏维 16)。"
                if dicts
                else "模块顶层找不到训练后的参数(含 Wh、Wx、b、Wo 的字典):训练结果要留在模块顶层"
                "(名字随意),检查会用它在训练序列上复算损失。"
            ),
            found=shapes,
        )
    row, low, high = _row_convention(L), float(rl[-10:].min()), float(rl[-10:].max())
    seqs = [(name, a) for name, a in _sequences(L) if _uniform_half(a)]
    pairs = [(pn, P, sn, X, np.cumsum(X, axis=1)) for pn, P in good for sn, X in seqs]
    initial = {pn for pn, P, _, X, Y in pairs if np.isclose(_mse(P, X, Y, row), rl[0], rtol=1e-4)}
    pairs = [pair for pair in pairs if pair[0] not in initial]
    if not pairs:
        fail(
            f"找到的参数 {sorted(initial)} 在训练序列上的损失正好等于 rnn_losses[0]:它们是训练前的初始参数。"
            "训练后的参数也要留在模块顶层(名字随意)。",
            initial=sorted(initial),
        )

    def fits(P, X, target):
        """The model predicts `target` far better than zeros, with the MSE the trace ends with
        (one more Adam step moves the loss within the swings of the last steps)."""
        mse = _mse(P, X, target, row)
        return mse < 0.5 * float(np.mean(target**2)) and low / 4 <= mse <= 4 * high

    if any(fits(P, X, Y) for _, P, _, X, Y in pairs):
        return
    for pn, P, sn, X, Y in pairs:
        if fits(P, X, -Y):
            fail(
                f"{pn} 在 {sn} 上拟合的是负的累计和:损失写成了 (预测 + 目标)²,应是 (预测 − 目标)²。"
            )
        if fits(P, X, X):
            fail(f"{pn} 拟合的是序列本身而不是累计和:目标应沿时间轴累加,jnp.cumsum(序列, axis=1)。")
        mse = _mse(P, X, Y, row)
        if mse < 0.5 * float(np.mean(Y**2)) and any(
            low / 4 <= mse * n <= 4 * high for n in X.shape[:2] + (X.size,)
        ):
            fail(
                f"{pn} 拟合了累计和(均方误差 {mse:.5f}),而 rnn_losses 的末尾大约是它的 "
                f"{np.median(rl[-10:]) / mse:.0f} 倍:rnn_losses 是平方误差的总和,不是均方误差,"
                "损失要对全部元素取平均(jnp.mean)。",
                mse=mse,
                rnn_losses_last10=[low, high],
            )
    fail(
        "在训练序列上以累计和为目标,找到的参数的均方误差是 "
        f"{ {pn: round(_mse(P, X, Y, row), 6) for pn, P, _, X, Y in pairs} };"
        f"rnn_losses 最后 10 步在 [{low:.5f}, {high:.5f}] 之间。训练后的参数应明显好于全输出 0"
        "(均方误差不到目标均方值的一半),且与 rnn_losses 的末尾同一量级(相差不到 4 倍)。",
        rnn_losses_last10=[low, high],
    )


@checks.add(
    "replay",
    "初始参数若留在模块顶层:从它重放前 10 步 adam(0.01)(NumPy float64),与 rnn_losses 一致",
    needs="trained",
)
def _(L):
    rl = H.loss_trace(L, "rnn_losses", 300)
    row = _row_convention(L)
    starts = [
        (pn, P, sn, X)
        for pn, P in _param_dicts(L)
        for sn, X in _sequences(L)
        if all(P[k].shape == s for k, s in PARAM_SHAPES.items())
        and _uniform_half(X)
        and np.isclose(_mse(P, X, np.cumsum(X, axis=1), row), rl[0], rtol=1e-4)
    ]
    if not starts:
        return  # the initial parameters were not kept: the trajectory cannot be replayed
    (pn, P, sn, X), Y = starts[0], np.cumsum(starts[0][3], axis=1)

    def replay(lr):
        return H.np_adam(lambda p: _loss_grad(p, X, Y, row), P, REPLAY_STEPS, lr)

    # float32 training drifts from a float64 replay by at most ~3e-4 (relative) in the first 10
    # steps; later, Adam's sign-like steps on tiny gradients amplify rounding and the runs part
    assert_close(
        rl[:REPLAY_STEPS],
        replay(LR),
        rtol=2e-3,
        atol=1e-6,
        what="rnn_losses[:10]",
        mistakes=[
            Mistake(
                "lr_1e-3",
                replay(1e-3),
                "前 10 步损失与 adam(0.001) 的重放一致:题目要求学习率 0.01。",
            )
        ],
        msg=f"从初始参数 {pn} 出发、在 {sn} 上用 adam(0.01) 重放的前 10 步损失与 rnn_losses 不同"
        "(期望值与实际值见下方)。",
    )


@checks.add("typed_keys", "运行文件时交给 jax.random 的 key 都是 jax.random.key 造的新式 key")
def _(L):
    PR.typed_keys(legacy_keys)
