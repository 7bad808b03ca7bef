# expect: failed values "float32" "bfloat16" "jnp.zeros_like"
# expect.en: "float32" "bfloat16" "jnp.zeros_like"
# 错误示范:两份矩各自新建了,可新建时只给了形状;没写 dtype,每个叶子都成了默认的 float32。
def adam_init(weights):
    def blank(leaf):
        return jnp.zeros(jnp.shape(leaf))

    return AdamState(
        count=jnp.array(0, dtype=jnp.int32),
        mu=jax.tree.map(blank, weights),
        nu=jax.tree.map(blank, weights),
    )
