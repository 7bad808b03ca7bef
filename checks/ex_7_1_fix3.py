"""修复练习 7.1-fix3:静态配置按身份哈希,每个新实例都重新编译 → frozen dataclass.

Checks: sign(x)|x|^k for k = 2, 3 on fresh data ("values", which also calls Opts(2) then Opts(3)
on one shape, so an Opts whose instances all compare equal shows k = 2 for Opts(3)); three new
equal Opts(2) compile power once ("compiles")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, CompileLog, Mistake, assert_close, fn_name, rng

checks = Checks()


def _want(x, k):
    x = np.asarray(x, np.float64)
    return np.sign(x) * np.abs(x) ** k


@checks.add("values", "新数据上 power(x, Opts(k)) = sign(x)·|x|^k,k = 2 与 3")
def _(L):
    g = rng(731)
    x = R.floats(g, 6, scale=1.5)
    for k in (2, 3):
        out = R.as_array(L.power(x, L.Opts(k)), f"power(x, Opts({k}))", shape=(6,))
        assert_close(
            out,
            _want(x, k),
            rtol=1e-5,
            atol=1e-6,
            what=f"power(x, Opts({k}))",
            msg=f"power(x, Opts({k})) 和 sign(x)·|x|^{k} 不一致。",
            mistakes=[
                Mistake(
                    "stale",
                    _want(x, 2) if k == 3 else _want(x, 3),
                    "Opts(3) 得到的是 k=2 的结果:不同的配置命中了同一个缓存(__eq__ "
                    "把它们当成了相等)。"
                    "按字段比较:@dataclass(frozen=True)。",
                )
            ],
        )


@checks.add("compiles", "3 个新建的 Opts(2):power 只编译 1 次", needs="values")
def _(L):
    g = rng(732)
    xs = [R.floats(g, 5, 2) for _ in range(3)]
    with CompileLog() as log:
        outs = [L.power(x, L.Opts(2)) for x in xs]
    R.assert_once(
        log,
        name=fn_name(L.power),
        calls=3,
        what=" power ",
        repeat="Opts 的实例按身份比较和哈希,内容相同的新实例也被当成新的静态值。"
        "用 @dataclass(frozen=True) 让它按字段比较。",
    )
    for x, out in zip(xs, outs, strict=False):
        assert_close(
            R.as_array(out, "power(x, Opts(2))", shape=(5, 2)),
            _want(x, 2),
            rtol=1e-5,
            atol=1e-6,
            what="power(x, Opts(2))",
            msg="power(x, Opts(2)) 和 sign(x)·x² 不一致。",
        )
