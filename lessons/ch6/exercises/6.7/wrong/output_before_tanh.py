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


def seq_mse(weights, inputs, running):
    per_seq = jax.vmap(lambda one: rnn_forward(weights, one))(inputs)
    return ((per_seq - running) ** 2).mean()


ka, kb, kc, kd = jax.random.split(jax.random.key(77), 4)
w_init = dict(
    Wh=jax.random.normal(ka, (N_HID, N_HID)) * 0.1,
    Wx=jax.random.normal(kb, (1, N_HID)) * 0.5,
    b=jnp.zeros(N_HID),
    Wo=jax.random.normal(kc, (N_HID, 1)) * 0.1,
)
inputs = jax.random.uniform(kd, (64, 20, 1), minval=-0.5, maxval=0.5)
running = jnp.cumsum(inputs, axis=1)
adam_tx = adam(0.01)


@jax.jit
def fit_step(weights, moments):
    cost, grads = jax.value_and_grad(seq_mse)(weights, inputs, running)
    moves, moments = adam_tx.update(grads, moments, weights)
    return apply_updates(weights, moves), moments, cost


weights = w_init
moments = adam_tx.init(w_init)
costs = []
while len(costs) < 300:
    weights, moments, cost = fit_step(weights, moments)
    costs.append(cost)
rnn_losses = jnp.asarray(costs)
