"""修复练习 6.4-fix1:jax.tree_map 在 0.12 已移除 → jax.tree.map.

Checks: on nested trees (dicts of lists and tuples, with None) the result keeps the structure
and scales every leaf ("values"); under jit, several factors compile once ("jit")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    assert_close,
    assert_compile_count,
    assert_equal,
    rng,
)

checks = Checks()

SYMPTOMS = {
    "word:tree_multimap": "jax.tree_util.tree_multimap 在更早的版本里就被移除了:用 jax.tree.map。",
    "word:tree_map": "jax.tree_map 在 jax 0.12 里已经移除:用 jax.tree.map(函数, 树)。",
    "AttributeError": "调用了一个 0.12 里已经不存在的属性:PyTree 工具都在 jax.tree "
    "里(jax.tree.map)。",
}


def _trees(seed):
    import jax.numpy as jnp

    g = rng(seed)

    def arr(*shape):
        return jnp.asarray(g.uniform(-2.0, 2.0, size=shape).astype(np.float32))

    return [
        {"enc": {"kernel": arr(3, 2), "bias": arr(2)}, "dec": [arr(2, 1), arr(1)]},
        [arr(4), (arr(2, 2), None), {"gain": arr()}],
    ]


def _structure(tree):
    import jax

    try:
        return jax.tree.structure(tree)
    except Exception:
        return None


@checks.add("values", "嵌套的树:结构不变,每个叶子乘以 factor")
def _(L):
    import jax

    for k, tree in enumerate(_trees(641)):
        factor = 1.5 + k
        out = R.call(L.scale_tree, tree, factor, what="scale_tree", symptoms=SYMPTOMS)
        if _structure(out) != jax.tree.structure(tree):
            assert_equal(
                str(_structure(out)),
                str(jax.tree.structure(tree)),
                "返回值的结构和传进来的树不一样:jax.tree.map 会原样保留字典、列表、元组和 None,"
                "只替换叶子。",
                what="返回值的树结构",
            )
        want = jax.tree.map(lambda leaf: np.asarray(leaf, np.float64) * factor, tree)  # noqa: B023 (called at once)
        assert_close(
            out,
            want,
            rtol=1e-6,
            atol=1e-6,
            what=f"scale_tree(树 {k + 1}, {factor})",
            msg=f"每个叶子都应乘以 {factor}(见期望值与实际值)。",
            mistakes=[
                Mistake("unchanged", tree, "返回的树和传进来的一模一样:叶子没有乘以 factor。")
            ],
        )


@checks.add("jit", "jit 下换 3 个 factor:结果正确,只编译 1 次", needs="values")
def _(L):
    import jax
    import jax.numpy as jnp

    tree = _trees(642)[0]
    fn = R.jitted(L.scale_tree)
    factors = [jnp.float32(f) for f in (0.5, 2.0, -3.0)]
    with CompileLog() as log:
        outs = [fn(tree, f) for f in factors]
    assert_compile_count(
        log,
        R.name_of(fn),
        expected=1,
        msg=f"3 个不同的 factor 编译了 {log.count(R.name_of(fn))} 次,期望 1 次:"
        "factor 只参与数值运算,应作为普通参数传入。",
    )
    for f, out in zip(factors, outs, strict=False):
        want = jax.tree.map(lambda leaf: np.asarray(leaf, np.float64) * float(f), tree)  # noqa: B023 (called at once)
        assert_close(
            out,
            want,
            rtol=1e-6,
            atol=1e-6,
            what=f"jit 下 factor={float(f)}",
            msg=f"jit 下每个叶子都应乘以 {float(f)}。",
        )
