# expect: failed replay "重新开始" "opt_state" not "adam(0.001)"
# expect.en: "starting again from the initial optimizer state" not "adam(0.001)"
# 错误示范:训练循环每一步都把最初的 opt_state 交给 update,新的优化器状态被丢掉:Adam 的矩
# 和计数永远从零开始,每步几乎就是 lr·sign(g)。损失照样下降,只有逐步重放才看得出。


def rnn_forward(params, xs):
    Wh, Wx, b, Wo = params["Wh"], params["Wx"], params["b"], params["Wo"]

    def advance(state, x_t):
        state = jnp.tanh(state @ Wh + x_t @ Wx + b)
        return state, state @ Wo

    _, ys = lax.scan(advance, jnp.zeros(Wh.shape[0]), xs)
    return ys


def sequence_loss(params, seqs, targets):
    preds = jax.vmap(rnn_forward, (None, 0))(params, seqs)
    return jnp.mean((preds - targets) ** 2)


HIDDEN = 16
seed = jax.random.key(5)
kh, kx, ko, kd = jax.random.split(seed, 4)
first_params = {
    "Wh": 0.1 * jax.random.normal(kh, (HIDDEN, HIDDEN)),
    "Wx": 0.5 * jax.random.normal(kx, (1, HIDDEN)),
    "b": jnp.zeros(HIDDEN),
    "Wo": 0.1 * jax.random.normal(ko, (HIDDEN, 1)),
}
seqs = jax.random.uniform(kd, (64, 20, 1), minval=-0.5, maxval=0.5)
sums = jnp.cumsum(seqs, axis=1)
tx = adam(0.01)
initial_opt = tx.init(first_params)


@jax.jit
def step(params, seqs, sums):
    loss, grads = jax.value_and_grad(sequence_loss)(params, seqs, sums)
    updates, _dropped = tx.update(grads, initial_opt, params)
    new_params = apply_updates(params, updates)
    return new_params, loss


params, history = first_params, []
for _ in range(300):
    params, loss = step(params, seqs, sums)
    history.append(loss)
rnn_losses = jnp.stack(history)
