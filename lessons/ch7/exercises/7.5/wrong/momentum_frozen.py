# expect: failed steps_vs_numpy "动量从不更新"
# expect.en: "momentum is never updated"
# 新动量算出来了,返回的状态里却放回了旧的 mu:动量永远是 0,方向每一步都只是 sign(g)。
LionMomentum = NamedTuple("LionMomentum", [("count", Any), ("mu", Any)])


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    def start(tree):
        blank = jax.tree.map(lambda leaf: 0.0 * leaf, tree)
        return LionMomentum(count=jnp.asarray(0, jnp.int32), mu=blank)

    def step(updates, st, params=None):
        mixed = jax.tree.map(lambda gl, ml: b1 * ml + (1 - b1) * gl, updates, st.mu)
        _averaged = jax.tree.map(lambda gl, ml: b2 * ml + (1 - b2) * gl, updates, st.mu)
        return jax.tree.map(jnp.sign, mixed), LionMomentum(st.count + 1, st.mu)  # 旧的 mu 原样放回

    made = GradientTransformation(init=start, update=step)
    return made


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    decoupled = add_decayed_weights(mask=mask, weight_decay=weight_decay)
    return chain(scale_by_lion(b2=b2, b1=b1), decoupled, scale_by_learning_rate(lr=lr))
