"""The 6.7 statement's training set-up, checked from what the learner's file leaves at top level
(names are free, so values are found by shape): the training sequences (64×20×1, uniform on
[−0.5, 0.5]), the trained parameters (they fit the sequences' running sums about as well as the
end of rnn_losses says), and, when the initial parameters are kept too, the first Adam steps
replayed in float64. ex_6_7 registers the checks (their ids are read from there) and calls
these with the learner's matrix convention."""

import _ch6 as H
import numpy as np
from _rnn_ref import HID, loss_grad, mse

from tutor.worker.checklib import Mistake, assert_close, compare, fail, skip

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
    """All in [−0.5, 0.5], both ends nearly reached (1280 uniform draws miss one by 0.05 with
    p = 0.9¹²⁸⁰)."""
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


def _loss_is(value: float, first_loss) -> bool:
    """The loss equals rnn_losses[0] (float32 training against a float64 recomputation)."""
    return compare(value, float(first_loss), rtol=1e-4, atol=1e-8) is None


def data(L) -> None:
    """Some top-level array of shape (64, 20, 1) holds sequences uniform on [−0.5, 0.5]."""
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
            f"形状 (64, 20, 1) 的数组里,没有一个的元素铺满 [−0.5, 0.5]:{ranges}。"
            "题目要的序列在 [−0.5, 0.5] 内均匀分布"
            + (
                f";{unit[0]} 铺满的是 [0, 1),正是 jax.random.uniform 的默认区间:"
                "要写 minval=-0.5, maxval=0.5。"
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


def trained(L, row: bool) -> None:
    """Some top-level parameter dict, not the initial one, fits the running sums of the
    training sequences with the mean squared error the end of rnn_losses reports."""
    rl = H.loss_trace(L, "rnn_losses", 300)
    dicts = _param_dicts(L)
    good = [(name, P) for name, P in dicts if all(P[k].shape == s for k, s in PARAM_SHAPES.items())]
    if not good:
        shapes = {name: {k: list(P[k].shape) for k in PARAM_SHAPES} for name, P in dicts}
        fail(
            (
                f"参数字典的形状不对:{shapes};"
                "题目要求 Wh (16, 16)、Wx (1, 16)、b (16,)、Wo (16, 1)(隐藏维 16)。"
                if dicts
                else "模块顶层找不到训练后的参数(含 Wh、Wx、b、Wo 的字典):训练结果要留在模块顶层"
                "(名字随意),检查会用它在训练序列上复算损失。"
            ),
            found=shapes,
        )
    low, high = float(rl[-10:].min()), float(rl[-10:].max())
    seqs = [(name, a) for name, a in _sequences(L) if _uniform_half(a)]
    pairs = [(pn, P, sn, X, np.cumsum(X, axis=1)) for pn, P in good for sn, X in seqs]
    initial = {pn for pn, P, _, X, Y in pairs if _loss_is(mse(P, X, Y, row), rl[0])}
    pairs = [pair for pair in pairs if pair[0] not in initial]
    if not pairs:
        fail(
            f"找到的参数 {sorted(initial)} 在训练序列上的损失正好等于 rnn_losses[0]:"
            "它们是训练前的初始参数。训练后的参数也要留在模块顶层(名字随意)。",
            initial=sorted(initial),
        )

    def fits(P, X, target):
        """The model predicts `target` far better than zeros, with the MSE the trace ends with
        (one more Adam step moves the loss within the swings of the last steps)."""
        err = mse(P, X, target, row)
        return err < 0.5 * float(np.mean(target**2)) and low / 4 <= err <= 4 * high

    if any(fits(P, X, Y) for _, P, _, X, Y in pairs):
        return
    for pn, P, sn, X, Y in pairs:
        if fits(P, X, -Y):
            fail(
                f"{pn} 在 {sn} 上拟合的是负的累计和:损失写成了 (预测 + 目标)²,应是 (预测 − 目标)²。"
            )
        if fits(P, X, X):
            fail(f"{pn} 拟合的是序列本身而不是累计和:目标应沿时间轴累加,jnp.cumsum(序列, axis=1)。")
        err = mse(P, X, Y, row)
        if err < 0.5 * float(np.mean(Y**2)) and any(
            low / 4 <= err * n <= 4 * high for n in X.shape[:2] + (X.size,)
        ):
            fail(
                f"{pn} 拟合了累计和(均方误差 {err:.5f}),而 rnn_losses 的末尾大约是它的 "
                f"{np.median(rl[-10:]) / err:.0f} 倍:rnn_losses 是平方误差的总和,不是均方误差,"
                "损失要对全部元素取平均(jnp.mean)。",
                mse=err,
                rnn_losses_last10=[low, high],
            )
    fail(
        "在训练序列上以累计和为目标,找到的参数的均方误差是 "
        f"{ {pn: round(mse(P, X, Y, row), 6) for pn, P, _, X, Y in pairs} };"
        f"rnn_losses 最后 10 步在 [{low:.5f}, {high:.5f}] 之间。训练后的参数应明显好于全输出 0"
        "(均方误差不到目标均方值的一半),且与 rnn_losses 的末尾同一量级(相差不到 4 倍)。",
        rnn_losses_last10=[low, high],
    )


def replay(L, row: bool) -> None:
    """When the initial parameters are kept at top level (their loss is rnn_losses[0]), the
    first 10 losses are those of adam(0.01) replayed from them in float64; when they are not,
    there is nothing to replay: skipped, judged by `trained`."""
    rl = H.loss_trace(L, "rnn_losses", 300)
    starts = [
        (pn, P, sn, X)
        for pn, P in _param_dicts(L)
        for sn, X in _sequences(L)
        if all(P[k].shape == s for k, s in PARAM_SHAPES.items())
        and _uniform_half(X)
        and _loss_is(mse(P, X, np.cumsum(X, axis=1), row), rl[0])
    ]
    if not starts:  # the initial parameters were not kept: the trajectory cannot be replayed
        skip("模块顶层没有留下初始参数,无从重放", covered_by="trained")
    (pn, P, sn, X), Y = starts[0], np.cumsum(starts[0][3], axis=1)

    def losses(lr):
        return H.np_adam(lambda p: loss_grad(p, X, Y, row), P, REPLAY_STEPS, lr)

    # float32 training drifts from a float64 replay by at most ~3e-4 (relative) in the first 10
    # steps; later, Adam's sign-like steps on tiny gradients amplify rounding and the runs part
    assert_close(
        rl[:REPLAY_STEPS],
        losses(LR),
        rtol=2e-3,
        atol=1e-6,
        what="rnn_losses[:10]",
        mistakes=[
            Mistake(
                "lr_1e-3",
                losses(1e-3),
                "前 10 步损失与 adam(0.001) 的重放一致:题目要求学习率 0.01。",
            )
        ],
        msg=f"从初始参数 {pn} 出发、在 {sn} 上用 adam(0.01) 重放的前 10 步损失与 rnn_losses 不同"
        "(期望值与实际值见下方)。",
    )
