"""修复练习 7.6-fix1:捐赠之后还读旧参数 → 损失在被捐赠的 jit 里一起算.

Checks: train runs and its final w and per-step losses (before each update) equal float64 SGD, with
"loss after the update" as a named mistake and a read of a deleted array named ("values"); the
caller's w is deleted after train, i.e. it really was donated ("donate")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_that,
    rng,
)

checks = Checks()
SYMPTOMS = {
    "word:deleted": "读到了一个已被捐赠(删除)的数组:sgd_step 返回以后,旧的 w 的缓冲区已经交出去了。"
    "要用旧 w 算的损失,放进同一个 jit 函数里和新 w 一起返回。"
}


def _batches(seed, n=4, d=3):
    g = rng(seed)
    return [(R.floats(g, 8, d), R.floats(g, 8)) for _ in range(n)], R.floats(g, d)


def _ref(w, batches):
    w = np.asarray(w, np.float64)
    before, after = [], []
    for X, y in batches:
        X, y = np.asarray(X, np.float64), np.asarray(y, np.float64)
        r = X @ w - y
        before.append(np.mean(r * r))
        w = w - 0.1 * 2 * X.T @ r / len(y)
        r = X @ w - y
        after.append(np.mean(r * r))
    return w, np.array(before), np.array(after)


@checks.add("values", "新数据上最终的 w 与每步更新前的损失和 float64 的 SGD 一致")
def _(L):
    batches, w0 = _batches(861)
    w_want, before, after = _ref(w0, batches)
    out = R.call(L.train, w0, batches, what="train", symptoms=SYMPTOMS)
    w, losses = as_tuple(out, 2, "train 的返回值 (w, losses)")
    losses = as_array(losses, "损失列表", shape=(len(batches),))
    assert_that(
        np.isfinite(losses).all(),
        f"损失列表里有 NaN 或 inf:{losses.tolist()}。每一步更新前的损失都应是有限的数。",
        losses=losses,
    )
    assert_close(
        losses,
        before,
        rtol=1e-4,
        atol=1e-6,
        what="损失列表",
        msg="损失列表和每一步更新前的均方误差不一致。",
        mistakes=[
            Mistake("after", after, "记下的是每一步更新后的损失(用新的 w 算的),应是更新前的。")
        ],
    )
    assert_close(
        as_array(w, "最终的 w", shape=(3,)),
        w_want,
        rtol=1e-4,
        atol=1e-6,
        what="最终的 w",
        msg="最终的 w 和 float64 的 SGD 不一致。",
    )


@checks.add("donate", "传入的 w 真的被捐赠了(train 返回后已删除)", needs="values")
def _(L):
    batches, w0 = _batches(862)
    R.call(L.train, w0, batches, what="train", symptoms=SYMPTOMS)
    assert_that(
        w0.is_deleted(),
        "train 返回后,传入的 w 没有被捐赠(仍然可读):这道题要求保留 donate_argnums。"
        "注意在 CPU 上,np.asarray / jax.device_get 在主机上留下的视图也会让 JAX 默默放弃捐赠;"
        "要留底就用 np.array(x, copy=True)。",
    )
