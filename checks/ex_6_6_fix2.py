"""修复练习 6.6-fix2:mu 与 nu 共用一棵零数组树 → 捐赠时同一缓冲区被捐两次;各自新建.

Checks: the state survives a jit that donates it, and the caller's params are not donated with
it ("donate"); count is an int32 0 and both moments are zero trees shaped like the params
("values"); no two leaves of the state share a buffer ("separate")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import Checks, as_tuple, assert_close, assert_that, fail, rng

checks = Checks()

SYMPTOMS = {
    "word:same buffer twice": "状态里有两个叶子是同一块缓冲区(mu 和 nu 指向同一批零数组),"
    "捐赠时它被捐了两次:给 mu、nu 各自新建零数组。"
}


def _params(seed):
    import jax.numpy as jnp

    g = rng(seed)
    return [
        {
            "w": jnp.asarray(g.normal(size=(3, 4)).astype(np.float32)),
            "b": jnp.zeros(4, jnp.float32),
        },
        {
            "w": jnp.asarray(g.normal(size=(4, 1)).astype(np.float32)),
            "b": jnp.zeros(1, jnp.float32),
        },
    ]


def _state(L, params):
    return as_tuple(L.adam_init(params), 3, "adam_init 的返回值 (count, mu, nu)")


def _donating_step():
    import jax

    return jax.jit(lambda state: jax.tree.map(lambda a: a + 1, state), donate_argnums=0)


@checks.add("donate", "状态交给捐赠它的 jit 函数:能运行,调用者的参数不受影响")
def _(L):
    import jax

    params = _params(661)
    state = L.adam_init(params)
    R.call(_donating_step(), state, what="捐赠状态的 jit 函数", symptoms=SYMPTOMS)
    gone = [
        jax.tree_util.keystr(path)
        for path, leaf in jax.tree_util.tree_leaves_with_path(params)
        if leaf.is_deleted()
    ]
    if gone:
        fail(
            f"捐赠状态之后,调用者的参数 {', '.join(gone)} 也被删掉了:状态里直接放了参数数组本身。"
            "mu、nu 要新建零数组。",
            deleted=gone,
        )


@checks.add("values", "count 是 int32 的 0,mu、nu 是与参数同结构的全零树")
def _(L):
    import jax

    params = _params(662)
    count, mu, nu = _state(L, params)
    if (
        str(getattr(count, "dtype", type(count).__name__)) != "int32"
        or getattr(count, "shape", None) != ()
    ):
        fail(
            f"count 应是 int32 的标量数组 jnp.zeros((), jnp.int32),实际是 "
            f"{getattr(count, 'dtype', type(count).__name__)} {getattr(count, 'shape', '')}:"
            "类型不固定的步数会在第一次更新后改变状态的类型。",
            actual=repr(count),
        )
    assert_close(count, 0, rtol=0, atol=0, what="count", msg="初始步数应为 0。")
    zeros = jax.tree.map(lambda a: np.zeros(a.shape, np.float32), params)
    for name, moment in (("mu", mu), ("nu", nu)):
        assert_close(
            moment,
            zeros,
            rtol=0,
            atol=0,
            what=name,
            check_dtype=True,
            msg=f"{name} 应是与参数同结构、同形状、同 dtype 的全零树。",
        )


@checks.add("separate", "mu、nu 与参数互不共用缓冲区")
def _(L):
    import jax

    params = _params(663)
    _, mu, nu = _state(L, params)
    pointers = {}
    for label, tree in (("params", params), ("mu", mu), ("nu", nu)):
        for path, leaf in jax.tree_util.tree_leaves_with_path(tree):
            where = label + jax.tree_util.keystr(path)
            try:
                key = leaf.unsafe_buffer_pointer()
            except Exception:
                key = id(leaf)
            assert_that(
                key not in pointers,
                f"{where} 和 {pointers.get(key)} 是同一块缓冲区:每个叶子都要有自己的数组。",
                shared=[pointers.get(key), where],
            )
            pointers[key] = where
