# expect: failed steps_vs_numpy "梯度权重写成 1 − b1"
# expect.en: "weights the gradient by 1 − b1"
# 错误示范:动量公式抄插值那一行时只改了前一个系数,梯度的权重还是 1 − b1。
LionMomentum = NamedTuple("LionMomentum", [("count", Any), ("mu", Any)])


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    def start(tree):
        blank = jax.tree.map(jnp.zeros_like, tree)
        return LionMomentum(count=jnp.asarray(0, jnp.int32), mu=blank)

    def step(updates, st, params=None):
        mixed = jax.tree.map(lambda gl, ml: b1 * ml + (1 - b1) * gl, updates, st.mu)
        averaged = jax.tree.map(lambda gl, ml: b2 * ml + (1 - b1) * gl, updates, st.mu)
        return jax.tree.map(jnp.sign, mixed), LionMomentum(st.count + 1, averaged)

    return GradientTransformation(init=start, update=step)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    decoupled = add_decayed_weights(mask=mask, weight_decay=weight_decay)
    return chain(scale_by_lion(b1=b1, b2=b2), decoupled, scale_by_learning_rate(lr=lr))
