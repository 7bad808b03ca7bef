# expect: failed input_grad_padding "jax.grad" not "输入没有真正参与计算"
# expect.en: "jax.grad" not "take no real part in the computation"
# 把输入整个 stop_gradient 了(以为输入是数据、不需要梯度):数值全对,输入当然参与了计算,
# 只是导数的路被切断,所以输入梯度处处为 0。提示只能说对 jax.grad 而言最终 h 不依赖输入,不能说输入没参与计算。


def lstm_cell(params: dict, carry, x_t):
    h_prev, c_prev = carry
    pre = jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h_prev) + params["b"]
    z_in, z_forget, z_out, z_cand = jnp.split(pre, 4)          # 行块顺序 i、f、o、g
    c_next = jax.nn.sigmoid(z_forget) * c_prev + jax.nn.sigmoid(z_in) * jnp.tanh(z_cand)
    h_next = jax.nn.sigmoid(z_out) * jnp.tanh(c_next)
    return h_next, c_next


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    hidden = params["U"].shape[1]
    xs = lax.stop_gradient(xs)                            # 输入是数据,不求梯度

    def step(state, inputs):
        x_t, valid = inputs                                   # 掩码和输入一起从 xs 逐步读取
        proposal = lstm_cell(params, state, x_t)
        # padding 步:逐叶子保留旧状态
        state = jax.tree.map(lambda new, old: jnp.where(valid, new, old), proposal, state)
        return state, jnp.where(valid, state[0], 0.0)

    body = step if not use_ckpt else jax.checkpoint(step)
    zeros = jnp.zeros(hidden, dtype=xs.dtype)
    (h_final, _), outputs = lax.scan(body, (zeros, zeros), (xs, mask))
    return h_final, outputs
