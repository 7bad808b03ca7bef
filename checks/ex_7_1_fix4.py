"""修复练习 7.1-fix4:学习率时而 Python float、时而 float32 数组 → 统一类型.

Checks: lr_at(k) for k = 0..9 and train() on fresh gradients match float64 ("values"); eight
training steps compile once in all; when not, the message names the lr types it saw ("compiles")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    as_scalar,
    assert_close,
    assert_compile_count,
    rng,
)
from tutor.worker.mistakes import Known, produced

checks = Checks()


def _lr(k):
    return 0.1 * (k + 1) / 4 if k < 4 else 0.1


def _lr_from_zero(k):
    return 0.1 * k / 4 if k < 4 else 0.1


# What the common slips of the warm-up give for lr_at(0..9) (computed, then matched).
MISTAKES = [
    Known(
        "warmup_from_zero",
        lambda ks: np.array([_lr_from_zero(k) for k in ks]),
        "lr_at 与 0.1·k/4 一致:升温从 0 开始,整体晚了一步(lr_at(0) = 0,这一步什么也不学)。"
        "题目的升温是 0.1·(k+1)/4:k = 0 时已是 0.025。",
    ),
    Known(
        "warmup_five",
        lambda ks: np.array([0.1 * (k + 1) / 4 if k < 5 else 0.1 for k in ks]),
        "lr_at(4) 等于 0.125:升温多走了一步(k < 5)。前 4 步(k = 0…3)升温,k ≥ 4 时保持 0.1。",
    ),
]


def _kind(v):
    if isinstance(v, float):
        return "Python float(弱类型)"
    weak = getattr(getattr(v, "aval", None), "weak_type", None)
    return f"{getattr(v, 'dtype', type(v).__name__)} {'弱' if weak else '强'}类型"


@checks.add("values", "lr_at 的升温数值;train 与 float64 的 SGD 一致")
def _(L):
    got = [as_scalar(L.lr_at(k), f"lr_at({k})") for k in range(10)]
    assert_close(
        np.array(got),
        np.array([_lr(k) for k in range(10)]),
        rtol=1e-6,
        atol=1e-8,
        what="lr_at(0..9)",
        msg="lr_at 的学习率不对:前 4 步应是 0.1·(k+1)/4,之后 0.1。",
        mistakes=produced(MISTAKES, range(10)),
    )
    g = rng(741)
    p, grads = R.floats(g, 3), [R.floats(g, 3) for _ in range(6)]
    want = np.asarray(p, np.float64) - sum(
        _lr(k) * np.asarray(d, np.float64) for k, d in enumerate(grads)
    )
    assert_close(
        R.as_array(L.train(p, grads), "train(p, grads)", shape=(3,)),
        want,
        rtol=1e-5,
        atol=1e-6,
        what="train(p, grads)",
        msg="train 的结果和逐步 p ← p − lr_at(k)·grads[k] 不一致。",
    )


@checks.add("compiles", "8 步训练一共只编译 1 次", needs="values")
def _(L):
    g = rng(742)
    p, grads = R.floats(g, 4), [R.floats(g, 4) for _ in range(8)]
    with CompileLog() as full:
        L.train(p, grads)
    log = R.Filtered(
        full
    )  # converting a Python float to float32 compiles one eager op once: allowed
    kinds = sorted({_kind(L.lr_at(k)) for k in range(8)})
    programs = [x for x in log.names if not R.is_primitive(x)]
    twice = any(programs.count(x) == len(kinds) for x in programs)
    if len(kinds) > 1 and twice:  # the same program compiled once per lr type
        assert_compile_count(
            log,
            None,
            expected=1,
            msg=f"8 步训练编译了 {log.total} 次:lr_at 返回的类型不统一({' / '.join(kinds)}),"
            "弱类型和强类型"
            "是两个不同的缓存键。让每一步都返回同一种类型,例如 jnp.asarray(值, jnp.float32)。",
        )
    R.assert_once(
        log,
        calls=8,
        what="(8 步训练)",
        repeat="每一步传给 jit 的参数都不一样(形状、类型或静态值)。",
    )
