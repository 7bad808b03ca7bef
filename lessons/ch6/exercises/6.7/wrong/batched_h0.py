# expect: error load "Incompatible shapes for broadcasting" "从形状 (1, 16) 的 h₀ 出发"
# expect.en: "Incompatible shapes for broadcasting" "an h₀ of shape (1, 16)"
# h0 写成了 (1, 16):每条序列的输出多了一维,变成 (T, 1, 1),训练时和目标 (64, 20, 1) 广播不上而报错。批量维应交给 vmap。


def rnn_forward(params, xs):
    def cell(h, x):  # carry = 隐藏状态
        h = jnp.tanh(h @ params["Wh"] + x @ params["Wx"] + params["b"])
        return h, h @ params["Wo"]

    return lax.scan(cell, jnp.zeros((1, 16)), xs)[1]


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
