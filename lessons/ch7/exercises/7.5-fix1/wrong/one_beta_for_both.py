# expect: failed first_step "v 除的是一阶矩的修正 1 − β₁ᵗ"
# expect.en: "v was divided by 1 − β₁ᵗ"
# 错误示范:两个矩都做了偏差修正,但二阶矩也除以了 1 − beta1**t,用错了衰减率。
def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def start(params):
        zeros = jax.tree.map(jnp.zeros_like, params)
        return ScaleByAdamState(jnp.zeros((), jnp.int32), zeros, zeros)

    def advance(grads, state, params=None):
        count = state.count + 1
        mu = jax.tree.map(lambda m, g: beta1 * m + (1.0 - beta1) * g, state.mu, grads)
        nu = jax.tree.map(lambda v, g: beta2 * v + (1.0 - beta2) * g * g, state.nu, grads)
        power = jnp.power(beta1, count.astype(jnp.float32))
        m_hat = jax.tree.map(lambda m: m / (1.0 - power), mu)
        v_hat = jax.tree.map(lambda v: v / (1.0 - power), nu)
        out = jax.tree.map(lambda m, v: m / (jnp.sqrt(v) + eps), m_hat, v_hat)
        return out, ScaleByAdamState(count, mu, nu)

    return GradientTransformation(start, advance)
