"""练习 6.7(补充练习 4)RNN 的隐藏状态:rnn_forward(params, xs) 用 lax.scan 携带隐藏状态,
新状态 = tanh(上一状态·Wh + 输入·Wx + b),每步输出 = 新状态·Wo,初始状态为 0;
训练 300 步的逐步损失命名为 rnn_losses。

章节自检的每一条断言与对应的检查(default_rng(4);float64 的 P:Wh 0.3·N(16,16)、Wx N(1,16)、
b 0.1·N(16)、Wo 0.3·N(16,1);xs = uniform(-1, 1, (7, 1))):
  1. rnn_forward 的 jaxpr 文本里有 scan  -> uses_scan
  2. jax.jit(rnn_forward) 的输出形状 (7, 1)  -> shape
  3. 与 NumPy float64 逐步展开的参考一致(h_0 = 0;行向量 h@Wh 或列向量 Wh@h 都接受,
     atol 1e-4)  -> values
  4. 参数不分批、序列分批的 vmap 作用于 [xs, -xs, 2xs]:形状 (3, 7, 1)  -> vmap
  5. grad(sum(rnn_forward(p, xs)**2)) 的结构与 params 相同  -> grad_structure
  6. jax.test_util.check_grads:一阶、反向模式,atol = rtol = 5e-2  -> check_grads
  7. rnn_losses 形状 (300,) 且全部有限  -> losses
  8. 最后一步损失 < 0.1 × 第一步损失  -> improves
另加:fresh(长度 13 的新序列和新参数,vmap 后每条序列都与 float64 参考一致,约定前后一致)。
最终损失不做精确比较:它随机器浮动(本机 0.00299,章节 0.00324)。
训练设置(题目固定了数据、隐藏维、损失和 adam(0.01);key 与初始化由学习者选):训练序列和训练后的参数
留在模块顶层、名字随意,按形状找到 -> data(64×20×1,铺满 [−0.5, 0.5])、trained(均方误差以累计和为目标,
与 rnn_losses 末尾同一量级);初始参数也在顶层时(损失等于 rnn_losses[0]),replay 用 NumPy float64
BPTT + Adam 重放前 10 步逐步对拍(这三项的实现在 _rnn_training.py)。"""

from __future__ import annotations

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path
import _program_rules as PR
import _rnn_training as T
import numpy as np
from _rnn_ref import HID
from _rnn_ref import hidden_states as _hidden
from _rnn_ref import unrolled as _ref

from tutor.worker.checklib import (
    Checks,
    as_array,
    assert_close,
    assert_equal,
    assert_that,
    compare,
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


def _matches(out, ref) -> bool:
    """out ≈ the float64 reference (np.allclose's rtol 1e-5, atol 1e-4), same shape."""
    return compare(out, ref, rtol=1e-5, atol=1e-4) is None


def _all_zero(grad) -> bool:
    return compare(grad, np.zeros_like(grad), rtol=0, atol=1e-8) is None


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
        if _matches(out, hs):
            _wrong_shape(
                out,
                "输出正好是每一步的隐藏状态 h_t(形状 (7, 16)):还要再乘上 W_o(y_t = h_t·W_o)。",
            )
        if _matches(out, hs[-1]):
            _wrong_shape(
                out,
                "输出正好是最后一个隐藏状态(scan 的最终 carry):题目要的是每一步的输出序列 ys,"
                "即 lax.scan 返回值的第二项。",
            )
    if out.size == 7 and any(_matches(out.reshape(7, 1), _ref(P, xs, r)) for r in (True, False)):
        _wrong_shape(
            out,
            f"数值是对的,但输出的形状是 {out.shape},应为 (7, 1):检查 h_0 的形状(应是 (16,),"
            "批量维交给 vmap)和每一步输出的形状。",
        )
    _wrong_shape(out, f"输入 (7, 1) 时输出应是 (7, 1),实际得到 {out.shape}。")


def _wrong_shape(out, msg: str) -> None:
    """Fails with the output's shape against (7, 1) (called once the shape is known to differ)."""
    assert_equal(list(out.shape), [7, 1], msg, what="rnn_forward(params, xs) 的输出形状")
    fail(msg)


@checks.add("values", "与 NumPy float64 逐步展开的参考一致(h_0 = 0,atol 1e-4)", needs="shape")
def _(L):
    P, xs = _chapter_data()
    out = _forward(L, P, xs)
    if any(_matches(out, _ref(P, xs, row)) for row in (True, False)):
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
    zero = [k for k, v in g.items() if _all_zero(np.asarray(v))] if isinstance(g, dict) else []
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
        if _matches(out, ref):
            return
    assert_close(
        out,
        np.stack([_ref(P, s, True) for s in seqs]),
        rtol=1e-5,
        atol=1e-4,
        what="vmap 后 4 条序列的输出(行向量约定的参考)",
        msg="换一组参数和长度 13 的序列后输出与参考不符:"
        + (_diagnose(out[0], P, seqs[0]) or "见期望值与实际值(两种矩阵乘法约定都试过)。"),
    )


@checks.add("losses", "rnn_losses 是 300 步、全部有限的逐步损失")
def _(L):
    H.loss_trace(L, "rnn_losses", 300)


@checks.add("improves", "训练 300 步后损失降到初始的 1/10 以下", needs="losses")
def _(L):
    rl = H.loss_trace(L, "rnn_losses", 300)
    if compare(rl, np.full_like(rl, rl[0]), rtol=1e-6, atol=1e-8) is None:
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


def _row_convention(L) -> bool:
    """True when the learner's rnn_forward multiplies h @ Wh (False: Wh @ h), seen on the
    chapter data."""
    P, xs = _chapter_data()
    return _matches(_forward(L, P, xs), _ref(P, xs, True))


@checks.add("data", "模块顶层有训练序列:一批 64 条、长度 20、元素均匀分布在 [−0.5, 0.5]")
def _(L):
    T.data(L)


@checks.add(
    "trained",
    "训练后的参数拟合了这批序列的累计和,均方误差与 rnn_losses 的末尾同一量级",
    needs=("data", "values", "losses"),
)
def _(L):
    T.trained(L, _row_convention(L))


@checks.add(
    "replay",
    "初始参数若留在模块顶层:从它重放前 10 步 adam(0.01)(NumPy float64),与 rnn_losses 一致",
    needs="trained",
)
def _(L):
    T.replay(L, _row_convention(L))


@checks.add("typed_keys", "运行文件时交给 jax.random 的 key 都是 jax.random.key 造的新式 key")
def _(L):
    PR.typed_keys(legacy_keys)
