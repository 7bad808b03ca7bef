# expect: failed steps "校正晚了一步"
# expect.en: "the corrections lag one step behind"
# 错误示范:偏差校正用的是更新之前的计数 st.count,为了不在第一步除以 0 又把它抬到 1;第一步碰巧对,之后每步都差一步。
def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def start(tree):
        zeros = jax.tree.map(jnp.zeros_like, tree)
        return ScaleByAdamState(jnp.zeros((), jnp.int32), zeros, jax.tree.map(jnp.zeros_like, tree))

    def advance(grads, st, params=None):
        seen = jnp.maximum(st.count, 1)
        mu = jax.tree.map(lambda m, g: beta1 * m + (1.0 - beta1) * g, st.mu, grads)
        nu = jax.tree.map(lambda v, g: beta2 * v + (1.0 - beta2) * g * g, st.nu, grads)
        fix_m = 1.0 - beta1 ** seen
        fix_v = 1.0 - beta2 ** seen
        out = jax.tree.map(lambda m, v: (m / fix_m) / (jnp.sqrt(v / fix_v) + eps), mu, nu)
        return out, ScaleByAdamState(st.count + 1, mu, nu)

    return GradientTransformation(init=start, update=advance)
