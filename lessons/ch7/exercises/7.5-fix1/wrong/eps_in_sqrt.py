# expect: failed first_step "eps 放进了根号里" not "±3.16"
# expect.en: "eps went inside the square root" not "±3.16"
# 偏差修正补上了,eps 却加在了根号里面:v̂ 很小时方向明显变小。


def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def start(tree):
        blank = lambda: jax.tree.map(lambda leaf: jnp.zeros(leaf.shape, leaf.dtype), tree)
        return ScaleByAdamState(jnp.asarray(0, dtype=jnp.int32), blank(), blank())

    def advance(grads, st, params=None):
        n_done = st.count + 1
        power = n_done.astype(jnp.float32)
        first = jax.tree.map(lambda old, new: beta1 * old + (1.0 - beta1) * new, st.mu, grads)
        second = jax.tree.map(lambda old, new: beta2 * old + (1.0 - beta2) * new ** 2, st.nu, grads)
        keep1, keep2 = 1.0 - beta1 ** power, 1.0 - beta2 ** power
        out = jax.tree.map(lambda a, s: (a / keep1) / jnp.sqrt(s / keep2 + eps), first, second)
        return out, ScaleByAdamState(n_done, first, second)

    return GradientTransformation(init=start, update=advance)
