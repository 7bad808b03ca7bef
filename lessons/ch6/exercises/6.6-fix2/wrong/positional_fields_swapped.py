# expect: failed values "字段放错了位置" "(count, mu, nu)"
# expect.en: "in the wrong places" "(count, mu, nu)"
# 错误示范:两份矩各自新建,可按位置把它们排在了 count 前面,AdamState 的字段全错了位。


def adam_init(weights):
    first = jax.tree.map(jnp.zeros_like, weights)
    second = jax.tree.map(jnp.zeros_like, weights)
    step0 = jnp.zeros((), jnp.int32)
    return AdamState(first, second, step0)
