# expect: failed donate "同一块缓冲区"
# expect.en: "the same buffer"
# 错误示范:以为 jax.tree.map(lambda a: a, ...) 会复制一份。它交回的还是同一批数组。
def adam_init(weights):
    first = jax.tree.map(jnp.zeros_like, weights)
    second = jax.tree.map(lambda a: a, first)
    step0 = jnp.zeros((), jnp.int32)
    return AdamState(count=step0, mu=first, nu=second)
