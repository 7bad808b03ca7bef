# expect: failed steps "不要写死默认值"
# expect.en: "hard-coded defaults"
# 偏差修正补上了,可更新里写死了 0.9、0.999、1e-8:换了超参数也没用上。


def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def start(tree):
        blank = lambda: jax.tree.map(lambda leaf: jnp.zeros(leaf.shape, leaf.dtype), tree)
        return ScaleByAdamState(jnp.asarray(0, dtype=jnp.int32), blank(), blank())

    def advance(grads, st, params=None):
        n_done = st.count + 1
        power = n_done.astype(jnp.float32)
        first = jax.tree.map(lambda old, new: 0.9 * old + 0.1 * new, st.mu, grads)
        second = jax.tree.map(lambda old, new: 0.999 * old + 0.001 * new ** 2, st.nu, grads)
        keep1, keep2 = 1.0 - 0.9 ** power, 1.0 - 0.999 ** power
        out = jax.tree.map(lambda a, s: (a / keep1) / (1e-8 + jnp.sqrt(s / keep2)), first, second)
        return out, ScaleByAdamState(n_done, first, second)

    return GradientTransformation(init=start, update=advance)
