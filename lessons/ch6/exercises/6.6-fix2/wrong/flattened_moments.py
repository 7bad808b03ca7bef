# expect: failed values "扁平 tuple" "树结构丢了" not "同一块缓冲区"
# expect.en: "flat tuple" "pytree structure of the params is lost" not "the same buffer"
# 错误示范:先用 jax.tree.leaves 把参数摊平,再给每个叶子建零数组。两份矩各自新建,dtype 也对,可参数的树结构没了。
def adam_init(weights):
    flat = jax.tree.leaves(weights)
    first = tuple(jnp.zeros_like(leaf) for leaf in flat)
    second = tuple(jnp.zeros_like(leaf) for leaf in flat)
    step0 = jnp.zeros((), jnp.int32)
    return AdamState(count=step0, mu=first, nu=second)
