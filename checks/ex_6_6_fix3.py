"""修复练习 6.6-fix3:第一步就捐掉了调用者的 params,之后还去读它 → 先拷贝一份再捐.

Checks: the tuned params and the drift on fresh data equal float64 SGD, with a read of a deleted
array named and "drift measured from after the first step" as a named mistake ("values"); the
caller's params are alive and unchanged after fine_tune ("keep"); sgd_step still donates its
params ("donate")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_that,
    fail,
    rng,
)

checks = Checks()
SYMPTOMS = {
    "word:deleted": "读到了一个已被捐赠(删除)的数组:第一步就把调用者的 params 交给了捐赠参数的 "
    "sgd_step,"
    "之后它已经不存在了。要留着的数组先拷贝一份再捐:jax.tree.map(lambda leaf: leaf.copy(), "
    "params)。"
}


def _data(seed, n=16, d=3):
    import jax.numpy as jnp

    g = rng(seed)
    x = g.normal(size=(n, d)).astype(np.float32)
    y = (x @ g.normal(size=d) + 0.3 * g.normal(size=n)).astype(np.float32)
    params = {"w": g.normal(size=d).astype(np.float32), "b": np.float32(g.normal())}
    return {k: jnp.asarray(v) for k, v in params.items()}, params, jnp.asarray(x), jnp.asarray(y)


def _ref(start, x, y, steps):
    """Float64 SGD; also the drift measured from the params after the first step."""
    x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
    w, b = np.asarray(start["w"], np.float64), float(start["b"])
    trail = [(w, b)]
    for _ in range(steps):
        err = x @ w + b - y
        w, b = w - 0.05 * 2 * x.T @ err / len(y), b - 0.05 * 2 * err.mean()
        trail.append((w, b))

    def dist(a, c):
        return float(np.sqrt(np.sum((a[0] - c[0]) ** 2) + (a[1] - c[1]) ** 2))

    return w, b, dist(trail[-1], trail[0]), dist(trail[-1], trail[1])


def _tune(L, params, x, y, steps):
    out = R.call(L.fine_tune, params, x, y, steps, what="fine_tune", symptoms=SYMPTOMS)
    tuned, drift = as_tuple(out, 2, "fine_tune 的返回值 (新参数, drift)")
    if not isinstance(tuned, dict) or set(tuned) != {"w", "b"}:
        fail('新参数应是和 params 一样的字典 {"w", "b"}。', actual=repr(tuned)[:200])
    return tuned, drift


@checks.add("values", "新数据上微调后的参数和 drift 与 float64 的 SGD 一致")
def _(L):
    params, start, x, y = _data(6631)
    steps = 5
    w, b, drift_want, drift_late = _ref(start, x, y, steps)
    tuned, drift = _tune(L, params, x, y, steps)
    drift = as_array(drift, "drift", ndim=0)
    assert_that(
        np.isfinite(drift),
        f"drift 是 {float(drift)}:它应是新旧参数之间的欧氏距离,一个有限的数。",
        drift=drift,
    )
    assert_close(
        drift,
        drift_want,
        rtol=1e-4,
        atol=1e-6,
        what="drift",
        msg="drift 和新旧参数之间的欧氏距离 √(Σ (新 − 旧)²) 不一致。",
        mistakes=[
            Mistake(
                "late",
                drift_late,
                "drift 是从第一步之后的参数量起的,应从调用者传入的 params 量起。",
            )
        ],
    )
    assert_close(
        as_array(tuned["w"], "新参数的 w", shape=(3,)),
        w,
        rtol=1e-4,
        atol=1e-6,
        what="w",
        msg="微调后的 w 和 float64 的 SGD 不一致。",
    )
    assert_close(
        as_array(tuned["b"], "新参数的 b", ndim=0),
        b,
        rtol=1e-4,
        atol=1e-6,
        what="b",
        msg="微调后的 b 和 float64 的 SGD 不一致。",
    )


@checks.add("keep", "fine_tune 返回后,调用者的 params 仍然可读、数值不变")
def _(L):
    params, start, x, y = _data(6632)
    _tune(L, params, x, y, 3)
    gone = [k for k in ("w", "b") if params[k].is_deleted()]
    if gone:
        fail(
            f"fine_tune 返回后,调用者的 params[{', '.join(gone)}] 被删掉了:"
            "它们被直接交给了捐赠参数的 sgd_step。"
            "调用者还要用自己的参数(评估、存盘、再微调一次):先拷贝一份再捐。",
            deleted=gone,
        )
    for k in ("w", "b"):
        assert_close(
            np.asarray(params[k]),
            start[k],
            rtol=0,
            atol=0,
            what=f"params[{k!r}]",
            msg="fine_tune 改动了调用者的 params:起点参数应原样留着。",
        )


@checks.add("donate", "sgd_step 仍然捐赠它的参数(调用后传入的数组已删除)")
def _(L):
    params, _, x, y = _data(6633)
    R.call(L.sgd_step, params, x, y, what="sgd_step", symptoms=SYMPTOMS)
    kept = [k for k in ("w", "b") if not params[k].is_deleted()]
    assert_that(
        not kept,
        f"sgd_step 调用后,传入的 params[{', '.join(kept)}] 仍然可读:sgd_step 没有捐赠它的参数。"
        "这道题要求保留 donate_argnums=0,只把要留着的数组先拷贝一份。",
        kept=kept,
    )
