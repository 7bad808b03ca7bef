"""修复练习 6.6-fix1:学习率、动量标成 static_argnums → 每个新值重新编译;改成动态参数.

Checks: five momentum steps with a changing (learning rate, momentum) schedule match a float64
reference ("values"); the five calls compile exactly once ("one_compile")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_scalar,
    as_tuple,
    assert_close,
    assert_compile_count,
)

checks = Checks()

RATES = (0.10, 0.09, 0.08, 0.07, 0.06)
MOMENTA = (0.5, 0.6, 0.5, 0.7, 0.6)


def _reference(rates, momenta):
    x = v = 0.0
    path = []
    for lr, mu in zip(rates, momenta, strict=False):
        v = mu * v + lr * 2.0 * (x - 3.0)  # Sutskever form: v ← μ·v + η·g, θ ← θ − v
        x = x - v
        path.append(x)
    return np.array(path)


def _walk(L, fn):
    import jax.numpy as jnp

    state = L.OptimizerState(params=jnp.zeros((), jnp.float32), velocity=jnp.zeros((), jnp.float32))
    path = []
    for k, (lr, mu) in enumerate(zip(RATES, MOMENTA, strict=False)):
        grad = 2.0 * (state.params - 3.0)
        state = fn(state, grad, lr, mu)
        params, _ = as_tuple(state, 2, f"第 {k + 1} 步的返回值 (params, velocity)")
        path.append(as_scalar(params, f"第 {k + 1} 步的参数"))
        state = L.OptimizerState(*as_tuple(state, 2, "返回值"))
    return np.array(path)


@checks.add("values", "学习率、动量逐步变化的 5 步:与 float64 手算一致")
def _(L):
    path = _walk(L, L.fast_update)
    assert_close(
        path,
        _reference(RATES, MOMENTA),
        rtol=1e-5,
        atol=1e-5,
        what="5 步之后的参数",
        msg="5 步的参数应与 v ← μ·v + η·g、θ ← θ − v 的手算结果一致(见期望值与实际值)。",
        mistakes=[
            Mistake(
                "swapped",
                _reference(MOMENTA, RATES),
                "结果正好是把学习率和动量对调之后的轨迹:参数顺序是 (state, gradients, "
                "learning_rate, momentum)。",
            )
        ],
    )


@checks.add("one_compile", "5 组不同的学习率和动量:只编译 1 次")
def _(L):
    fn = L.fast_update
    name = R.name_of(fn)
    with CompileLog() as log:
        _walk(L, fn)
    n = log.count(name)
    if n == 0:
        why = (
            "fast_update 一次也没有编译:它不是 jit 函数(或者调用时关掉了 jit),"
            "每一步都逐个运算地执行。"
        )
    elif n == len(set(RATES)):
        why = (
            f"{len(RATES)} 个不同的学习率正好编译了 {n} 次:学习率被当成了静态参数,"
            "每个新值都是新的缓存键。"
            "学习率只参与运算,应作为动态参数。"
        )
    elif n == len(set(MOMENTA)):
        why = (
            f"{len(set(MOMENTA))} 个不同的动量正好编译了 {n} 次:动量还是静态参数。"
            "动量和学习率一样只参与运算,应作为动态参数。"
        )
    else:
        why = f"5 次调用编译了 {n} 次。"
    assert_compile_count(log, name, expected=1, msg=why + "期望:只编译 1 次。")
