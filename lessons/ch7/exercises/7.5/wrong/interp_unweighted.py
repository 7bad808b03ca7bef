# expect: failed steps_vs_numpy "g 前面少了 (1 − b1)"
# expect.en: "without the factor (1 − b1) on g"
# 错误示范:插值里只给动量乘了 b1,梯度直接加上去,忘了乘 1 − b1。
LionMomentum = NamedTuple("LionMomentum", [("count", Any), ("mu", Any)])


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    def start(tree):
        blank = jax.tree.map(jnp.zeros_like, tree)
        return LionMomentum(count=jnp.asarray(0, jnp.int32), mu=blank)

    def step(updates, st, params=None):
        mixed = jax.tree.map(lambda gl, ml: b1 * ml + gl, updates, st.mu)
        averaged = jax.tree.map(lambda gl, ml: b2 * ml + (1 - b2) * gl, updates, st.mu)
        return jax.tree.map(jnp.sign, mixed), LionMomentum(st.count + 1, averaged)

    return GradientTransformation(init=start, update=step)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    decoupled = add_decayed_weights(mask=mask, weight_decay=weight_decay)
    return chain(scale_by_lion(b1=b1, b2=b2), decoupled, scale_by_learning_rate(lr=lr))
