# expect: failed values "输出用的是更新前的隐藏状态" not "h₀ = 1"
# expect.en: "The output uses the hidden state from before the update" not "h₀ = 1"
# expect.silent: fresh
# 本步输出用的是更新前的隐藏状态:y_t 应由新算出的 h_t 得到。


def rnn_forward(params, xs):
    def cell(h, x):  # carry = 隐藏状态
        h_new = jnp.tanh(h @ params["Wh"] + x @ params["Wx"] + params["b"])
        return h_new, h @ params["Wo"]

    return lax.scan(cell, jnp.zeros(16), xs)[1]


batched_forward = jax.vmap(rnn_forward, (None, 0))


def sequence_loss(params, seqs, targets):
    return jnp.mean(jnp.square(batched_forward(params, seqs) - targets))


root = jax.random.key(5)
k1, k2, k3, k4 = jax.random.split(root, num=4)
start_params = {"Wh": 0.1 * jax.random.normal(k1, (16, 16)),
                "Wx": 0.5 * jax.random.normal(k2, (1, 16)),
                "b": jnp.zeros(16),
                "Wo": 0.1 * jax.random.normal(k3, (16, 1))}
seqs = jax.random.uniform(k4, (64, 20, 1), minval=-0.5, maxval=0.5)
targets = jnp.cumsum(seqs, axis=1)
optim = adam(0.01)
loss_and_grad = jax.value_and_grad(sequence_loss)


@jax.jit  # 300 步整体编译
def run_training(p0, seqs, targets):
    def one_step(carry, _unused):
        p, s = carry
        value, g = loss_and_grad(p, seqs, targets)
        delta, s = optim.update(g, s, p)
        p = apply_updates(p, delta)
        return (p, s), value

    return lax.scan(one_step, (p0, optim.init(p0)), xs=None, length=300)


_, rnn_losses = run_training(start_params, seqs, targets)
