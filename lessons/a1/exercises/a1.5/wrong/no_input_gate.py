# expect: failed cell "漏了输入门" not "顺序解包"
# expect.en: "without the input gate" not "unpacking the gates"
# 错误示范:候选值直接加进了记忆单元,输入门算了却没用上。


def lstm_cell(params: dict, carry, x_t):
    h, c = carry
    W, U, bias = params["W"], params["U"], params["b"]
    gates = W @ x_t + U @ h + bias
    a_in, a_forget, a_out, a_cand = jnp.split(gates, 4)
    _unused_in = jax.nn.sigmoid(a_in)
    c_next = jax.nn.sigmoid(a_forget) * c + jnp.tanh(a_cand)
    return jax.nn.sigmoid(a_out) * jnp.tanh(c_next), c_next


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    size = params["U"].shape[1]

    def step(state, inputs):
        x_t, on = inputs
        fresh = lstm_cell(params, state, x_t)
        state = (jnp.where(on, fresh[0], state[0]), jnp.where(on, fresh[1], state[1]))
        return state, state[0] * on

    if use_ckpt:
        step = jax.checkpoint(step)
    zero = jnp.zeros(size, xs.dtype)
    (h_last, _), outs = lax.scan(step, (zero, zero), (xs, mask))
    return h_last, outs
