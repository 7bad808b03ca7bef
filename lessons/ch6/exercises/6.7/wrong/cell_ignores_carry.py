# expect: failed grad_structure "梯度全是 0" "见上面检查输出的那一项" not "反向传播应能穿过"
# expect.en: "gradients of these parameters are all 0" "see the check on the outputs above" not "Backpropagation should reach"
# 错误示范:单元里每一步都从全零的 h 算起,carry 只是原样传下去。Wh 从没进入输出,梯度全为 0;
# 原因在前向计算(values 已点名),不是反向传播被挡住,所以 grad_structure 不再说“反向传播应能到达”。


def rnn_forward(params, xs):
    def cell(h, x):  # carry = 隐藏状态
        fresh = jnp.zeros(16)
        h_new = jnp.tanh(fresh @ params["Wh"] + x @ params["Wx"] + params["b"])
        return h_new, h_new @ params["Wo"]

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
