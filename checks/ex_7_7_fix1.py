"""修复练习 7.7-fix1:jax.tree.map 钻进形状 tuple → is_leaf.

Checks: on nested shape trees (dicts, lists, the scalar shape ()), the result has the spec's
structure with a float32 zero array of each shape ("values")."""

import numpy as np

from tutor.worker.checklib import Checks, assert_close, assert_equal, rng

checks = Checks()


def _specs(seed):
    g = rng(seed)
    a, b, c = (int(x) for x in g.integers(2, 6, size=3))
    return [
        {"dense": {"kernel": (a, b), "bias": (b,)}, "scale": ()},
        {"layers": [{"w": (b, c), "b": (c,)}, {"w": (c, 1), "b": (1,)}], "embed": (a, 3, 2)},
    ]


def _is_shape(node):
    return isinstance(node, tuple)


@checks.add("values", "嵌套的形状树:结构不变,每个形状换成 float32 全零数组")
def _(L):
    import jax

    for k, spec in enumerate(_specs(871)):
        out = L.zeros_from_spec(spec)
        want_def = jax.tree.structure(spec, is_leaf=_is_shape)
        try:
            got_def = jax.tree.structure(out)
        except Exception:
            got_def = None
        assert_equal(
            str(got_def),
            str(want_def),
            what=f"第 {k + 1} 棵形状树的结果的树结构",
            msg=f"第 {k + 1} 棵形状树的结果结构不对:形状 tuple 应整个换成一个数组。tree.map 会钻进 "
            "tuple,把每个维度"
            "当成一片叶子;用 is_leaf=lambda node: isinstance(node, tuple) 让它在形状处停下。",
        )
        for (path, shape), leaf in zip(
            jax.tree_util.tree_leaves_with_path(spec, is_leaf=_is_shape),
            jax.tree.leaves(out),
            strict=False,
        ):
            where = jax.tree_util.keystr(path)
            kind = f"{getattr(leaf, 'dtype', type(leaf).__name__)} {getattr(leaf, 'shape', '')}"
            assert_equal(
                kind,
                f"float32 {shape}",
                what=f"{where} 的 dtype 和形状",
                msg=f"{where} 应是形状 {shape} 的 float32 数组,实际是 {kind}。",
            )
            assert_close(
                np.asarray(leaf),
                np.zeros(shape),
                rtol=0,
                atol=0,
                what=where,
                msg=f"{where} 应全是 0。",
            )
