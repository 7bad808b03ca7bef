# expect: failed first_step "v 除的是一阶矩的修正 1 − β₁ᵗ"
# expect.en: "v was divided by 1 − β₁ᵗ"
# 错误示范:两个矩都做了偏差修正,但二阶矩也除以了 1 − beta1**t,用错了衰减率。
def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def make_state(tree):
        return ScaleByAdamState(
            count=jnp.int32(0),
            mu=jax.tree.map(lambda p: jnp.zeros(p.shape, p.dtype), tree),
            nu=jax.tree.map(lambda p: jnp.zeros(p.shape, p.dtype), tree),
        )

    def step(g_tree, st, params=None):
        k = st.count + 1
        m1 = jax.tree.map(lambda a, g: a + (1.0 - beta1) * (g - a), st.mu, g_tree)
        m2 = jax.tree.map(lambda a, g: a + (1.0 - beta2) * (g * g - a), st.nu, g_tree)
        shrink = 1.0 - beta1 ** k.astype(jnp.float32)  # 两个矩共用这一个修正
        direction = jax.tree.map(lambda a, b: (a / shrink) / (jnp.sqrt(b / shrink) + eps), m1, m2)
        return direction, ScaleByAdamState(count=k, mu=m1, nu=m2)

    return GradientTransformation(init=make_state, update=step)
