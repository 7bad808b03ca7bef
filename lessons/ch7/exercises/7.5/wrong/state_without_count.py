# expect: failed state_count "没有字段 count"
# expect.en: "no field count"
# 错误示范:状态只放了动量 mu,忘了 count;NamedTuple 自带元组的 count 方法,st.count 拿到的是那个方法。


class LionMomentum(NamedTuple):
    mu: Any


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    def init_fn(params):
        blank = jax.tree.map(lambda leaf: leaf * 0.0, params)
        return LionMomentum(blank)

    def update_fn(grads, state, params=None):
        mixed = jax.tree.map(lambda g, m: b1 * m + (1.0 - b1) * g, grads, state.mu)
        heading = jax.tree.map(jnp.sign, mixed)
        ema = jax.tree.map(lambda g, m: b2 * m + (1.0 - b2) * g, grads, state.mu)
        return heading, LionMomentum(mu=ema)

    return GradientTransformation(update=update_fn, init=init_fn)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    sign_part = scale_by_lion(b1=b1, b2=b2)
    shrink = add_decayed_weights(weight_decay=weight_decay, mask=mask)
    return chain(sign_part, shrink, scale_by_learning_rate(lr))
