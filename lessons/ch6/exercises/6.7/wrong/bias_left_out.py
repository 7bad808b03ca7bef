# expect: failed values "不加偏置的递推"
# expect.en: "recurrence without the bias"
# 错误示范:隐藏状态的递推只有 W_x 和 W_h 两项,偏置 b 没加进去(b 虽在参数里,却从不参与计算)。
N_HID = 16


def rnn_forward(params, xs):
    def recur(state, x_now):
        state = jnp.tanh(x_now @ params["Wx"] + state @ params["Wh"])
        return state, state @ params["Wo"]

    _, outputs = lax.scan(recur, jnp.zeros(N_HID), xs)
    return outputs


def mean_sq_error(params, seqs, goal):
    batched = jax.vmap(rnn_forward, (None, 0))
    return jnp.mean((batched(params, seqs) - goal) ** 2)


k_all = jax.random.split(jax.random.key(909), 5)
first_params = {
    "Wh": jax.random.normal(k_all[0], (N_HID, N_HID)) * 0.1,
    "Wx": jax.random.normal(k_all[1], (1, N_HID)) * 0.5,
    "b": jnp.zeros(N_HID),
    "Wo": jax.random.normal(k_all[2], (N_HID, 1)) * 0.1,
}
batch = jax.random.uniform(k_all[3], (64, 20, 1), minval=-0.5, maxval=0.5)
opt = adam(0.01)


@jax.jit
def learn(p0, seqs):
    goal = jnp.cumsum(seqs, axis=1)
    grad_fn = jax.value_and_grad(mean_sq_error)

    def body(state, _):
        p, o = state
        loss, g = grad_fn(p, seqs, goal)
        step, o = opt.update(g, o, p)
        return (apply_updates(p, step), o), loss

    start = (p0, opt.init(p0))
    (p_final, _), trace = lax.scan(body, start, xs=None, length=300)
    return p_final, trace


learned, rnn_losses = learn(first_params, batch)
