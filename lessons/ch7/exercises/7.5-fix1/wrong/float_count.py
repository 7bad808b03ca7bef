# expect: failed jit "int32" "float32 标量"
# expect.en: "int32" "a float32 scalar"
# 错误示范:步数改成加 1.0 来省掉类型转换,count 变成了 float32,状态的类型第一步后就变了。
def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def start(tree):
        blank = lambda: jax.tree.map(lambda leaf: jnp.zeros(leaf.shape, leaf.dtype), tree)
        return ScaleByAdamState(jnp.asarray(0, dtype=jnp.int32), blank(), blank())

    def advance(grads, st, params=None):
        power = st.count + 1.0
        first = jax.tree.map(lambda old, new: beta1 * old + (1.0 - beta1) * new, st.mu, grads)
        second = jax.tree.map(lambda old, new: beta2 * old + (1.0 - beta2) * new ** 2, st.nu, grads)
        keep1, keep2 = 1.0 - beta1 ** power, 1.0 - beta2 ** power
        out = jax.tree.map(lambda a, s: (a / keep1) / (eps + jnp.sqrt(s / keep2)), first, second)
        new_state = ScaleByAdamState(power, first, second)
        return out, new_state

    return GradientTransformation(init=start, update=advance)
