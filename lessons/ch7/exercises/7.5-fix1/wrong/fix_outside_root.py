# expect: failed first_step "放在根号外面"
# expect.en: "outside the square root"
# 错误示范:先对 v 开方,再除以 1 − β₂ᵗ,校正没放进根号里。


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
        out = jax.tree.map(lambda a, s: (a / keep1) / (eps + jnp.sqrt(s) / keep2), first, second)
        new_state = ScaleByAdamState(n_done, first, second)
        return out, new_state

    return GradientTransformation(init=start, update=advance)
