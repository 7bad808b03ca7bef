# expect: failed sign_of_zero "其余坐标是 ±1" not "方向应是 sign(0) = 0,得到"
# expect.en: "and ±1 elsewhere" not "the direction should be sign(0) = 0; got"
# 错误示范:方向直接用插值本身,没有取符号。两个 0 坐标恰好还是 0,错的是其余坐标不是 ±1;
# 消息不能只说 0 坐标上方向该是 sign(0) = 0。
LionState = NamedTuple("LionState", [("count", Any), ("mu", Any)])


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    def make_state(tree):
        return LionState(jnp.array(0, dtype=jnp.int32), jax.tree.map(lambda v: 0.0 * v, tree))

    def advance(g_tree, st, unused=None):
        blend = jax.tree.map(lambda mo, gr: b1 * mo + (1.0 - b1) * gr, st.mu, g_tree)
        moved = jax.tree.map(lambda mo, gr: b2 * mo + (1.0 - b2) * gr, st.mu, g_tree)
        return blend, LionState(st.count + 1, moved)  # 少了 jnp.sign

    return GradientTransformation(make_state, advance)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    decay = add_decayed_weights(weight_decay=weight_decay, mask=mask)
    return chain(scale_by_lion(b1=b1, b2=b2), decay, scale_by_learning_rate(lr))
