# expect: failed steps "修正后的 m̂、v̂ 存进状态" not "不一致"
# expect.en: "keeps the bias-corrected" not "does not match"
# 错误示范:偏差修正直接覆盖了矩本身,下一步拿修正过的值继续滑动平均。第一步还对,之后越偏越远。


def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def start(tree):
        zeros = jax.tree.map(jnp.zeros_like, tree)
        return ScaleByAdamState(count=jnp.zeros((), jnp.int32), mu=zeros, nu=zeros)

    def advance(grads, st, params=None):
        count = st.count + 1
        t = count.astype(jnp.float32)
        mu = jax.tree.map(lambda m, g: (beta1 * m + (1 - beta1) * g) / (1 - beta1**t), st.mu, grads)
        nu = jax.tree.map(
            lambda v, g: (beta2 * v + (1 - beta2) * jnp.square(g)) / (1 - beta2**t), st.nu, grads
        )
        direction = jax.tree.map(lambda m, v: m / (jnp.sqrt(v) + eps), mu, nu)
        return direction, ScaleByAdamState(count=count, mu=mu, nu=nu)

    return GradientTransformation(init=start, update=advance)
