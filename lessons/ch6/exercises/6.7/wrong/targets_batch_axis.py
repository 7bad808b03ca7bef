# expect: failed improves "沿批维度(axis=0)的累计和" "axis=1"
# expect.en: "along the batch axis (axis=0)" "axis=1"
# 错误示范:目标在训练函数里临时算出,累加时用了 axis=0,把一批里的不同序列逐条相加。
N_HID = 16


def rnn_forward(params, xs):
    def recur(state, x_now):
        state = jnp.tanh(x_now @ params["Wx"] + state @ params["Wh"] + params["b"])
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
    goal = jnp.cumsum(seqs, axis=0)
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
