"""修复练习 7.1-fix1:函数体里每次新建 jit → 模块级只建一次.

Checks: column standardisation matches float64 on fresh data of two shapes ("values"); four calls
with one shape and different values compile exactly once, counting every compilation
("compiles")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, CompileLog, assert_close, rng

checks = Checks()


def _want(x):
    x = np.asarray(x, np.float64)
    return (x - x.mean(0)) / (x.std(0) + 1e-6)


@checks.add("values", "新数据上与 NumPy float64 的列标准化一致")
def _(L):
    g = rng(711)
    for shape in ((9, 3), (20, 5)):
        x = R.floats(g, *shape, scale=3.0) + 1.5
        x = x.at[:, 1].set(R.floats(g, shape[0], scale=1e-6))  # std ≈ 1e-6: the 1e-6 really counts
        out = R.call(L.standardize, x, what="standardize", symptoms={})
        assert_close(
            R.as_array(out, f"standardize(x{shape})", shape=shape),
            _want(x),
            rtol=1e-4,
            atol=1e-4,
            what=f"standardize(x{shape})",
            msg="standardize 的结果和 (x − 列均值)/(列标准差 + 1e-6) 不一致。",
        )


@checks.add("compiles", "同一形状调用 4 次,一共只编译 1 次", needs="values")
def _(L):
    g = rng(712)
    xs = [R.floats(g, 13, 4) for _ in range(4)]
    with CompileLog() as log:
        outs = [L.standardize(x) for x in xs]
    R.assert_once(
        log,
        calls=4,
        what=" standardize ",
        repeat="jit 是在函数体里对一个新建的函数调用的,缓存每次都从零开始。把被 jit "
        "的函数挪到模块级,只创建一次 jit 对象。",
    )
    for x, out in zip(xs, outs, strict=False):
        assert_close(
            R.as_array(out, "standardize(x)", shape=(13, 4)),
            _want(x),
            rtol=1e-4,
            atol=1e-4,
            what="standardize(x)",
            msg="反复调用时结果和 float64 参考值不一致。",
        )
