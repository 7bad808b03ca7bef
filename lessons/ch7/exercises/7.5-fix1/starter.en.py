# Repair exercise: the first step is more than three times the size it should have.
# Change it until the checks pass (Ctrl+T shows a hint).


def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def start(tree):
        blank = lambda: jax.tree.map(lambda leaf: jnp.zeros(leaf.shape, leaf.dtype), tree)
        return ScaleByAdamState(jnp.asarray(0, dtype=jnp.int32), blank(), blank())

    def advance(grads, st, params=None):
        first = jax.tree.map(lambda old, new: beta1 * old + (1.0 - beta1) * new, st.mu, grads)
        second = jax.tree.map(lambda old, new: beta2 * old + (1.0 - beta2) * new ** 2, st.nu, grads)
        out = jax.tree.map(lambda a, s: a / (eps + jnp.sqrt(s)), first, second)
        new_state = ScaleByAdamState(st.count + 1, first, second)
        return out, new_state

    return GradientTransformation(init=start, update=advance)
