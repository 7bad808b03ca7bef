# expect: failed final_state "padding 步也当成真实输入" "只把输出置 0 是不够的"
# expect.en: "running the padding steps as real inputs" "setting only the output to 0 is not enough"
# 只把 padding 步的输出置 0,状态却照常更新:padding 步仍在改变 (h, c)。
def lstm_cell(params: dict, carry, x_t):
    h, c = carry
    gates = jnp.split(jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h) + params["b"], 4)
    c = jax.nn.sigmoid(gates[1]) * c + jax.nn.sigmoid(gates[0]) * jnp.tanh(gates[3])
    return jax.nn.sigmoid(gates[2]) * jnp.tanh(c), c


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    width = params["U"].shape[1]

    def step(state, inputs):
        x_t, keep = inputs
        state = lstm_cell(params, state, x_t)
        return state, jnp.where(keep, state[0], 0.0)

    body = step if not use_ckpt else jax.checkpoint(step)
    (h_last, _), seq = lax.scan(body, (jnp.zeros(width), jnp.zeros(width)), (xs, mask))
    return h_last, seq
