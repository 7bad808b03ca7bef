# expect: failed values "tanh 之前的值"
# expect.en: "outputs the value before tanh"
# 错误示范:传给下一步的是 tanh 之后的 h_t,每步输出却拿 tanh 之前的线性组合去乘 W_o。
N_HID = 16


def rnn_forward(params, xs):
    def advance(h_prev, x_cur):
        z = h_prev @ params["Wh"] + x_cur @ params["Wx"] + params["b"]
        return jnp.tanh(z), z @ params["Wo"]

    _, outs = lax.scan(advance, jnp.zeros(N_HID), xs)
    return outs


def seq_mse(params, seqs, sums):
    guesses = jax.vmap(rnn_forward, in_axes=(None, 0))(params, seqs)
    return jnp.mean(jnp.square(guesses - sums))


k1, k2, k3, k4 = jax.random.split(jax.random.key(77), 4)
theta0 = {
    "Wh": 0.1 * jax.random.normal(k1, (N_HID, N_HID)),
    "Wx": 0.5 * jax.random.normal(k2, (1, N_HID)),
    "b": jnp.zeros(N_HID),
    "Wo": 0.1 * jax.random.normal(k3, (N_HID, 1)),
}
seqs = jax.random.uniform(k4, (64, 20, 1), minval=-0.5, maxval=0.5)
sums = jnp.cumsum(seqs, axis=1)
opt = adam(0.01)


@jax.jit
def train_once(theta, state):
    value, grads = jax.value_and_grad(seq_mse)(theta, seqs, sums)
    steps, state = opt.update(grads, state, theta)
    return apply_updates(theta, steps), state, value


theta, state, history = theta0, opt.init(theta0), []
for _ in range(300):
    theta, state, value = train_once(theta, state)
    history.append(value)
rnn_losses = jnp.stack(history)
