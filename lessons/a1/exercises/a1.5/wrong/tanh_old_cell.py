# expect: failed cell "输出却用旧的细胞状态" not "相加"
# expect.en: "the output uses the old cell state" not "added to the old cell state"
# 错误示范:算 h 时顺手用了传进来的 c_prev,而不是这一步刚更新的 c_next。


def lstm_cell(params: dict, carry, x_t):
    h_prev, c_prev = carry
    pre = jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h_prev) + params["b"]
    z_in, z_forget, z_out, z_cand = jnp.split(pre, 4)          # 行块顺序 i、f、o、g
    c_next = jax.nn.sigmoid(z_forget) * c_prev + jax.nn.sigmoid(z_in) * jnp.tanh(z_cand)
    h_next = jax.nn.sigmoid(z_out) * jnp.tanh(c_prev)
    return h_next, c_next


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    hidden = params["U"].shape[1]

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


if __name__ == "__main__":
    demo_params = init_lstm(jax.random.key(0), 3, 6)
    true_len = jnp.array([7, 4, 1, 5])
    demo_mask = jnp.arange(7)[None, :] < true_len[:, None]
    raw = jax.random.normal(key=jax.random.key(1), shape=(4, 7, 3))
    demo_xs = jnp.where(demo_mask[..., None], raw, 0.0)
    run_all = jax.vmap(lstm_masked, (None, 0, 0))
    run_all = jax.jit(run_all)
    h_last, outputs = run_all(demo_params, demo_xs, demo_mask)
    print("最终 h:", h_last.shape, "| 每步输出:", outputs.shape)
