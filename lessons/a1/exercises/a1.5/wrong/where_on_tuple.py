# expect: error returns "jnp.where 只接受数组" "jax.tree.map"
# expect.en: "takes arrays only" "jax.tree.map"
# 想一次冻结整个状态,把 (h, c) 这个元组直接交给了 jnp.where:它只认数组,不会逐叶子挑选。


def lstm_cell(params: dict, carry, x_t):
    h_prev, c_prev = carry
    pre = jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h_prev) + params["b"]
    z_in, z_forget, z_out, z_cand = jnp.split(pre, 4)          # 行块顺序 i、f、o、g
    c_next = jax.nn.sigmoid(z_forget) * c_prev + jax.nn.sigmoid(z_in) * jnp.tanh(z_cand)
    h_next = jax.nn.sigmoid(z_out) * jnp.tanh(c_next)
    return h_next, c_next


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    hidden = params["U"].shape[1]

    def step(state, inputs):
        x_t, valid = inputs                                   # 掩码和输入一起从 xs 逐步读取
        proposal = lstm_cell(params, state, x_t)
        state = jnp.where(valid, proposal, state)
        return state, jnp.where(valid, state[0], 0.0)

    body = step if not use_ckpt else jax.checkpoint(step)
    zeros = jnp.zeros(hidden, dtype=xs.dtype)
    (h_final, _), outputs = lax.scan(body, (zeros, zeros), (xs, mask))
    return h_final, outputs


