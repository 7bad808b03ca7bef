# expect: failed values "每个输出只取决于本步的输入" not "要作为 carry 交给 lax.scan"
# expect.en: "each output depends on its own step's input only" not "must be handed to lax.scan as the carry"
# 错误示范:单元漏了 h @ Wh 这一项,新的 h 只由本步输入算出;它确实作为 carry 交回了 scan。
# 消息只能说收到的隐藏状态没起作用,不能劝“把新状态作为 carry 交给 lax.scan”——代码已经这么做了。


def rnn_forward(params, xs):
    def cell(h, x):  # carry = 隐藏状态
        pre = x @ params["Wx"] + params["b"]  # 忘了 h @ Wh 这一项
        h_new = jnp.tanh(pre)
        return h_new, h_new @ params["Wo"]

    return lax.scan(cell, jnp.zeros(16), xs)[1]
batched_forward = jax.vmap(rnn_forward, (None, 0))


def sequence_loss(params, seqs, targets):
    return jnp.mean(jnp.square(batched_forward(params, seqs) - targets))


root = jax.random.key(9)
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
