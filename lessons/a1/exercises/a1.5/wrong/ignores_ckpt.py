# expect: failed ckpt_used "没有 remat2"
# expect.en: "has no remat2"
# 接受了 use_ckpt 参数却从来不用:梯度当然一样,但内存上的好处一点也没有。
def lstm_cell(params: dict, carry, x_t):
    h, c = carry
    gates = jnp.split(jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h) + params["b"], 4)
    c = jax.nn.sigmoid(gates[1]) * c + jax.nn.sigmoid(gates[0]) * jnp.tanh(gates[3])
    return jax.nn.sigmoid(gates[2]) * jnp.tanh(c), c


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    width = params["U"].shape[1]

    def step(state, inputs):
        x_t, keep = inputs
        fresh = lstm_cell(params, state, x_t)
        state = jax.tree.map(lambda a, b: jnp.where(keep, a, b), fresh, state)
        return state, jnp.where(keep, state[0], 0.0)

    (h_last, _), seq = lax.scan(step, (jnp.zeros(width), jnp.zeros(width)), (xs, mask))
    return h_last, seq
