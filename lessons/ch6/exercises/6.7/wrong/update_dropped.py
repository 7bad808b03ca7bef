# expect: failed improves "每一步的损失都是在同一组参数上算的" not "而不是一直用闭包捕获的初始参数"
# expect.en: "every step's loss was computed on the same parameters" not "instead of always using the initial parameters"
# expect.silent: trained
# 错误示范:apply_updates 的结果没有赋回 p,carry 里的参数从不更新。损失 300 步不变,
# 但不是闭包捕获了初始参数:检查只说算出的事实(参数没变),两种写法都列为可能。


def rnn_forward(params, xs):
    def cell(h, x):  # carry = 隐藏状态
        h = jnp.tanh(h @ params["Wh"] + x @ params["Wx"] + params["b"])
        return h, h @ params["Wo"]

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
        apply_updates(p, delta)
        return (p, s), value

    return lax.scan(one_step, (p0, optim.init(p0)), xs=None, length=300)


_, rnn_losses = run_training(start_params, seqs, targets)
