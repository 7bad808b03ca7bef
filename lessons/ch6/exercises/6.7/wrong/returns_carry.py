# expect: failed shape "输出正好是最后一个隐藏状态"
# expect.en: "The output is exactly the last hidden state"
# 返回了 scan 的最终 carry(最后一个隐藏状态),而不是每一步的输出序列。训练时形状对不上报错,
# 于是改成只和最后一步的目标比较,错误被“绕过”了,rnn_forward 本身却仍然不是题目要的 (T, 1) 输出序列。


def rnn_forward(params, xs):
    def cell(h, x):  # carry = 隐藏状态
        h = jnp.tanh(h @ params["Wh"] + x @ params["Wx"] + params["b"])
        return h, h @ params["Wo"]

    return lax.scan(cell, jnp.zeros(16), xs)[0]


batched_forward = jax.vmap(rnn_forward, (None, 0))


def sequence_loss(params, seqs, targets):
    return jnp.mean(jnp.square(batched_forward(params, seqs) - targets[:, -1]))  # 只比最后一步


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
