# expect: failed donate "同一块缓冲区"
# expect.en: "the same buffer"
# 错误示范(把症状压下去的错误办法):把训练步重新定义成不捐赠的版本,报错就消失了。
# 可状态本身仍然是坏的,别人一用捐赠的训练步还是出错(检查用的就是自己的捐赠函数)。
def adam_init(weights):
    zero_tree = jax.tree.map(jnp.zeros_like, weights)
    step0 = jnp.zeros((), jnp.int32)
    return AdamState(count=step0, mu=zero_tree, nu=zero_tree)


@jax.jit
def train_step_donated(weights, state, x, y):
    value, g = jax.value_and_grad(loss_fn)(weights, x, y)
    delta, state = opt.update(g, state, weights)
    return apply_updates(weights, delta), state, value
