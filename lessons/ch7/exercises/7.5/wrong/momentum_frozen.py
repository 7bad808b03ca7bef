# expect: failed steps_vs_numpy "动量从不更新"
# expect.en: "momentum is never updated"
# 新动量算出来了,返回的状态里却放回了旧的 mu:动量永远是 0,方向每一步都只是 sign(g)。
ScaleByLionState = NamedTuple("ScaleByLionState", [("count", Any), ("mu", Any)])


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    def init_fn(params):
        zeros = jax.tree.map(jnp.zeros_like, params)
        return ScaleByLionState(count=jnp.zeros([], jnp.int32), mu=zeros)

    def update_fn(grads, state, params=None):
        direction = jax.tree.map(lambda g, m: jnp.sign(b1 * m + (1.0 - b1) * g), grads, state.mu)
        new_mu = jax.tree.map(lambda g, m: b2 * m + (1.0 - b2) * g, grads, state.mu)
        del new_mu
        return direction, ScaleByLionState(count=state.count + 1, mu=state.mu)

    return GradientTransformation(init_fn, update_fn)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    return chain(
        scale_by_lion(b1, b2),
        add_decayed_weights(weight_decay, mask),
        scale_by_learning_rate(lr),
    )
