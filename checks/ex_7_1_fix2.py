"""修复练习 7.1-fix2:方法里 jax.jit(self._compute) 每次调用都重新编译 → 纯函数 + 模块级 jit.

Checks: tanh(x @ weight) on fresh data ("values"); two instances, three calls each, compile once
in all ("compiles"); a new weight assigned to an instance is used, without compiling again
("weight")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    assert_close,
    assert_compile_count,
    rng,
)

checks = Checks()


def _want(weight, x):
    return np.tanh(np.asarray(x, np.float64) @ np.asarray(weight, np.float64))


def _out(layer, x, n, what):
    return R.as_array(R.call(layer, x, what=what, symptoms={}), what, shape=(n, 3))


@checks.add("values", "新数据上 layer(x) = tanh(x @ weight)")
def _(L):
    g = rng(721)
    for n in (4, 7):
        w, x = R.floats(g, 5, 3), R.floats(g, n, 5)
        out = _out(L.Layer(w), x, n, f"Layer(w)(x{(n, 5)})")
        plain = np.asarray(x, np.float64) @ np.asarray(w, np.float64)
        assert_close(
            out,
            _want(w, x),
            rtol=1e-4,
            atol=1e-5,
            what=f"Layer(w)(x{(n, 5)})",
            msg="layer(x) 和 tanh(x @ weight) 不一致。",
            mistakes=[Mistake("no_tanh", plain, "结果等于 x @ weight:少了 tanh。")],
        )


@checks.add("compiles", "两个实例各调用 3 次:一共只编译 1 次", needs="values")
def _(L):
    g = rng(722)
    layers = [L.Layer(R.floats(g, 5, 3)) for _ in range(2)]
    xs = [R.floats(g, 6, 5) for _ in range(3)]
    after, outs = [], []
    with CompileLog() as log:
        for layer in layers:
            for x in xs:
                outs.append(layer(x))
                after.append(log.total)
    per_instance = [after[2], after[5] - after[2]]
    if log.total == 2 and per_instance == [1, 1] and after[0] == 1:
        assert_compile_count(
            log,
            None,
            expected=1,
            msg="每个实例各编译一次(同一实例的后两次调用命中了缓存):jit 是按实例建的,权重被当成了"
            "编进程序的常量。把计算写成 project(weight, x),在模块级 jit 一次,权重作为参数传入。",
        )
    R.assert_once(
        log,
        calls=6,
        what=" Layer ",
        repeat="每次访问 self._compute 都得到一个新的绑定方法,jax.jit 它就是一个新 jit。"
        "把计算写成权重显式传入的纯函数,在模块级 jit 一次,方法里只调用它。",
    )
    for k, out in enumerate(outs):
        layer, x = layers[k // 3], xs[k % 3]
        assert_close(
            R.as_array(out, "layer(x)", shape=(6, 3)),
            _want(layer.weight, x),
            rtol=1e-4,
            atol=1e-5,
            what=f"实例 {k // 3 + 1} 的第 {k % 3 + 1} 次调用",
            msg="两个实例交替调用时,结果和 tanh(x @ 这个实例的 weight) 不一致。",
        )


@checks.add("weight", "给 layer.weight 赋新值后,结果用的是新权重", needs="values")
def _(L):
    g = rng(723)
    w_old, w_new, x = R.floats(g, 5, 3), R.floats(g, 5, 3), R.floats(g, 4, 5)
    layer = L.Layer(w_old)
    _out(layer, x, 4, "layer(x)")
    layer.weight = w_new
    out = _out(layer, x, 4, "换权重后的 layer(x)")
    assert_close(
        out,
        _want(w_new, x),
        rtol=1e-4,
        atol=1e-5,
        what="换权重后的 layer(x)",
        msg="给 layer.weight 赋新值后,结果和 tanh(x @ 新权重) 不一致。",
        mistakes=[
            Mistake(
                "stale",
                _want(w_old, x),
                "换了 layer.weight,结果还是旧的权重算出来的:权重在追踪时被读成常量,"
                "编进了缓存的程序。"
                "让权重作为 jit 函数的参数传进去。",
            )
        ],
    )
