# expect: failed weights_as_args "闭包或全局变量" "没被读到"
# expect.en: "closure or a global variable" "never read"
# 先用 init_lstm 造了一组演示权重放在全局,循环体里顺手用了它:lstm_masked 收到的 params 被晾在一边。
demo_params = init_lstm(jax.random.key(0), 3, 6)


def lstm_cell(params: dict, carry, x_t):
    h_old, c_old = carry
    pre = params["W"] @ x_t + params["U"] @ h_old + params["b"]
    a_i, a_f, a_o, a_g = jnp.split(pre, 4)
    c_new = jax.nn.sigmoid(a_f) * c_old + jax.nn.sigmoid(a_i) * jnp.tanh(a_g)
    return jax.nn.sigmoid(a_o) * jnp.tanh(c_new), c_new


def masked_step(state, pair):
    x_t, keep = pair
    moved = lstm_cell(demo_params, state, x_t)
    state = (jnp.where(keep, moved[0], state[0]), jnp.where(keep, moved[1], state[1]))
    out = jnp.where(keep, state[0], jnp.zeros_like(state[0]))
    return state, out


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    loop_body = masked_step
    if use_ckpt:
        loop_body = jax.checkpoint(masked_step)
    start = jnp.zeros(params["U"].shape[1])
    (h_last, _), outs = lax.scan(loop_body, (start, start), (xs, mask))
    return h_last, outs
