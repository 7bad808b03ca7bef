# expect: failed steps "不一致" not "不要写死默认值" "根号里"
# expect.en: "does not match" not "hard-coded defaults" "square root"
# 偏差修正补上了,可一阶矩用了 beta2、二阶矩用了 beta1:第一步碰巧还是 ±1,之后就偏了。


def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def start(tree):
        blank = lambda: jax.tree.map(lambda leaf: jnp.zeros(leaf.shape, leaf.dtype), tree)
        return ScaleByAdamState(jnp.asarray(0, dtype=jnp.int32), blank(), blank())

    def advance(grads, st, params=None):
        n_done = st.count + 1
        power = n_done.astype(jnp.float32)
        first = jax.tree.map(lambda old, new: beta2 * old + (1.0 - beta2) * new, st.mu, grads)
        second = jax.tree.map(lambda old, new: beta1 * old + (1.0 - beta1) * new ** 2, st.nu, grads)
        keep1, keep2 = 1.0 - beta2 ** power, 1.0 - beta1 ** power
        out = jax.tree.map(lambda a, s: (a / keep1) / (eps + jnp.sqrt(s / keep2)), first, second)
        return out, ScaleByAdamState(n_done, first, second)

    return GradientTransformation(init=start, update=advance)
