# expect: failed uses_scan "没有 scan" "Python 循环"
# expect.en: "has no scan" "Python loop"
# 数值正确,但时间维用 Python for 循环逐步展开:序列一长,追踪和编译时间就跟着线性增长。
def lstm_cell(params: dict, carry, x_t):
    h, c = carry
    gates = jnp.split(jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h) + params["b"], 4)
    c = jax.nn.sigmoid(gates[1]) * c + jax.nn.sigmoid(gates[0]) * jnp.tanh(gates[3])
    return jax.nn.sigmoid(gates[2]) * jnp.tanh(c), c


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    width = params["U"].shape[1]
    cell = jax.checkpoint(lstm_cell) if use_ckpt else lstm_cell
    state = (jnp.zeros(width), jnp.zeros(width))
    seq = []
    for t in range(xs.shape[0]):
        fresh = cell(params, state, xs[t])
        state = jax.tree.map(lambda a, b: jnp.where(mask[t], a, b), fresh, state)
        seq.append(jnp.where(mask[t], state[0], 0.0))
    return state[0], jnp.stack(seq)
