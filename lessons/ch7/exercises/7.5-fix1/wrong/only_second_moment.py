# expect: failed first_step "v 做了偏差修正,m 没有"
# expect.en: "v is bias-corrected but m is not"
# 错误示范:只给二阶矩做了偏差修正,一阶矩直接拿来用。
def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def blend(old, new, keep):
        return keep * old + (1.0 - keep) * new

    def start(tree):
        first = jax.tree.map(jnp.zeros_like, tree)
        second = jax.tree.map(jnp.zeros_like, tree)
        return ScaleByAdamState(jnp.zeros((), jnp.int32), first, second)

    def advance(grads, state, params=None):
        t = state.count + 1
        first = jax.tree.map(lambda old, g: blend(old, g, beta1), state.mu, grads)
        second = jax.tree.map(lambda old, g: blend(old, jnp.square(g), beta2), state.nu, grads)
        unbias2 = 1.0 - jnp.power(beta2, t.astype(jnp.float32))
        out = jax.tree.map(lambda a, b: a / (jnp.sqrt(b / unbias2) + eps), first, second)
        return out, ScaleByAdamState(t, first, second)

    return GradientTransformation(start, advance)
