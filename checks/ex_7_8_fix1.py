"""修复练习 7.8-fix1:学习率作静态参数,每个新值编译一次 → 只有 batch 静态.

Checks: run_epochs on fresh data (n not a multiple of batch) equals float64 minibatch SGD
("values"); five epochs with five learning rates compile once ("compiles")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    rng,
)

checks = Checks()


def _data(seed, n=50, d=3):
    g = rng(seed)
    return R.floats(g, d), R.floats(g, n, d), R.floats(g, n)


def _ref(w, X, y, lrs, batch):
    w, X, y = (np.asarray(a, np.float64) for a in (w, X, y))
    for lr in lrs:
        for s in range(len(y) // batch):
            Xb, yb = X[s * batch : (s + 1) * batch], y[s * batch : (s + 1) * batch]
            w = w - lr * 2 * Xb.T @ (Xb @ w - yb) / batch
    return w


@checks.add("values", "新数据上与 float64 的小批量 SGD 一致(余下的行丢掉)")
def _(L):
    w, X, y = _data(881)
    lrs, batch = [0.2, 0.1, 0.05], 16
    out = as_array(L.run_epochs(w, X, y, lrs, batch), "run_epochs 的结果", shape=(3,))
    assert_close(
        out,
        _ref(w, X, y, lrs, batch),
        rtol=1e-4,
        atol=1e-5,
        what="run_epochs(w, X, y, [0.2, 0.1, 0.05], 16)",
        msg="结果和依次用每个学习率跑一个 epoch 的 SGD 不一致。",
        mistakes=[
            Mistake(
                "restart",
                _ref(w, X, y, lrs[-1:], batch),
                "结果只等于用最后一个学习率从初始 w 跑一个 epoch:每个 epoch 都从初始的 w 重新开始,"
                "上一个 epoch 的结果没有接着用。",
            )
        ],
    )


@checks.add("compiles", "5 个不同的学习率:一共只编译 1 次", needs="values")
def _(L):
    w, X, y = _data(882, n=40)
    lrs = [0.3, 0.2, 0.1, 0.05, 0.01]
    with CompileLog() as full:
        out = L.run_epochs(w, X, y, lrs, 8)
    log = R.Filtered(full)
    programs = [x for x in log.names if not R.is_primitive(x)]
    if len(programs) == len(lrs) and len(set(programs)) == 1 and programs[0] != "<lambda>":
        assert_compile_count(
            log,
            None,
            expected=1,
            msg=f"5 个学习率,{programs[0]} 编译了 5 次:每个新的学习率都是新的缓存键,lr "
            "被当成了静态参数。"
            "只让决定形状的 batch 静态,lr 作为普通参数传入。",
        )
    R.assert_once(log, calls=5, what=" epoch ", repeat="jit 对象只建一次,lr 作为普通参数传入。")
    assert_close(
        as_array(out, "run_epochs 的结果", shape=(3,)),
        _ref(w, X, y, lrs, 8),
        rtol=1e-4,
        atol=1e-5,
        what="run_epochs(5 个学习率)",
        msg="结果和 float64 的小批量 SGD 不一致。",
    )
