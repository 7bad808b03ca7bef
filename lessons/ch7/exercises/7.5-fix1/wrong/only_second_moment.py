# expect: failed first_step "v 做了偏差修正,m 没有"
# expect.en: "v is bias-corrected but m is not"
# 错误示范:只给二阶矩做了偏差修正,一阶矩直接拿来用。
def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def start(tree):
        zeros = lambda: jax.tree.map(jnp.zeros_like, tree)
        return ScaleByAdamState(count=jnp.zeros((), jnp.int32), mu=zeros(), nu=zeros())

    def advance(grads, st, params=None):
        step = st.count + 1
        mu = jax.tree.map(lambda m, g: beta1 * m + (1.0 - beta1) * g, st.mu, grads)
        nu = jax.tree.map(lambda v, g: beta2 * v + (1.0 - beta2) * g * g, st.nu, grads)
        fix2 = 1.0 - beta2 ** step.astype(jnp.float32)
        direction = jax.tree.map(lambda m, v: m / (jnp.sqrt(v / fix2) + eps), mu, nu)
        return direction, ScaleByAdamState(count=step, mu=mu, nu=nu)

    return GradientTransformation(init=start, update=advance)
