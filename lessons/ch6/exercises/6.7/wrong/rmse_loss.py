# expect: failed trained "均方根误差" not "之前的累加和" "平方误差的总和"
# expect.en: "root mean squared error" not "before step t" "sum of squared errors"
# 错误示范:损失写成了均方根误差 sqrt(mean(...)),目标是对的。参数拟合的是正确的累加和,
# 不能说它拟合了“不含 xₜ 的累加和”,也不能说损失是平方误差的和:rnn_losses 末尾是均方误差的平方根。
def rnn_forward(params, xs):
    def cell(h, x):  # carry = 隐藏状态
        h = jnp.tanh(h @ params["Wh"] + x @ params["Wx"] + params["b"])
        return h, h @ params["Wo"]

    return lax.scan(cell, jnp.zeros(params["Wh"].shape[0]), xs)[1]


batched_forward = jax.vmap(rnn_forward, (None, 0))


def sequence_loss(params, seqs, targets):
    err = batched_forward(params, seqs) - targets
    return jnp.sqrt(jnp.mean(err * err))  # 均方根


HIDDEN = 16
root = jax.random.key(31)
k1, k2, k3, k4 = jax.random.split(root, num=4)
start_params = {"Wh": 0.1 * jax.random.normal(k1, (HIDDEN, HIDDEN)),
                "Wx": 0.5 * jax.random.normal(k2, (1, HIDDEN)),
                "b": jnp.zeros(HIDDEN),
                "Wo": 0.1 * jax.random.normal(k3, (HIDDEN, 1))}
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
        return (apply_updates(p, delta), s), value

    (p_end, _), trace = lax.scan(one_step, (p0, optim.init(p0)), xs=None, length=300)
    return p_end, trace


final_params, rnn_losses = run_training(start_params, seqs, targets)
print(f"损失 {float(rnn_losses[0]):.4f} -> {float(rnn_losses[-1]):.4f}")
