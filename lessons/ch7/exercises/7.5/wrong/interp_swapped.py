# expect: failed steps_vs_numpy "插值系数写反" "b1·g + (1 − b1)·m"
# expect.en: "interpolation weights are swapped" "b1·g + (1 − b1)·m"
# 记成了“梯度占 b1、动量占 1 − b1”:符号里的插值权重正好反了;动量本身照常更新。
LionMomentum = NamedTuple("LionMomentum", [("count", Any), ("mu", Any)])


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    def start(tree):
        zeros = jax.tree.map(lambda leaf: leaf * 0.0, tree)
        return LionMomentum(jnp.zeros((), jnp.int32), zeros)

    def step(updates, st, params=None):
        toward = jax.tree.map(lambda gl, ml: jnp.sign(b1 * gl + (1 - b1) * ml), updates, st.mu)
        carried = jax.tree.map(lambda gl, ml: (1 - b2) * gl + b2 * ml, updates, st.mu)
        return toward, LionMomentum(st.count + 1, carried)

    made = GradientTransformation(start, step)
    return made


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    shrink = add_decayed_weights(mask=mask, weight_decay=weight_decay)
    return chain(scale_by_lion(b1, b2), shrink, scale_by_learning_rate(lr))
