# expect: failed losses "第 0 步" not "训练发散了"
# expect.en: "step 0" not "training diverged"
# 错误示范:想在损失里去掉第 0 个时间步,写成 [..., 1:],切的却是长度为 1 的特征轴,
# 剩下空数组,空数组的均值是 NaN。rnn_losses 从第 0 步(训练还没开始更新)起就是 NaN,
# 前面没有一个有限的损失,谈不上"训练发散",提示只说第一个损失就不是有限数。
HIDDEN = 16


def make_rnn_params(key, n_in=1, n_hidden=HIDDEN):
    k_h, k_x, k_o = jax.random.split(key, num=3)
    return {"Wh": 0.1 * jax.random.normal(k_h, (n_hidden, n_hidden)),
            "Wx": 0.5 * jax.random.normal(k_x, (n_in, n_hidden)),
            "b": jnp.zeros(n_hidden),
            "Wo": 0.1 * jax.random.normal(k_o, (n_hidden, 1))}


def rnn_forward(params, xs):
    def cell(h, x_t):
        h_next = jnp.tanh(h @ params["Wh"] + x_t @ params["Wx"] + params["b"])
        return h_next, h_next @ params["Wo"]  # (carry = 新隐藏状态, 本步输出)

    h_start = jnp.zeros(params["Wh"].shape[0])  # h_0 = 0,形状 (16,)
    return lax.scan(cell, h_start, xs)[1]


batched_forward = jax.vmap(rnn_forward, (None, 0))  # 参数共享,序列沿第 0 轴成批


def sequence_loss(params, seqs, targets):
    # 想跳过第 0 个时间步再算误差,切片却写在了最后一根轴上
    return jnp.mean(jnp.square(batched_forward(params, seqs)[..., 1:] - targets[..., 1:]))


master_key = jax.random.key(2024)
seq_key, init_key = jax.random.split(master_key)
train_seqs = jax.random.uniform(seq_key, (64, 20, 1), minval=-0.5, maxval=0.5)
train_targets = jnp.cumsum(train_seqs, axis=1)  # 目标:到当前为止的累计和
rnn_optimizer = adam(0.01)
loss_and_grad = jax.value_and_grad(sequence_loss)  # BPTT:梯度穿过 scan


@partial(jax.jit,  # 步数决定 scan 的长度,必须是静态的
         static_argnames=("steps",))
def fit_rnn(params, seqs, targets, steps=300):
    def one_step(carry, _unused):
        p, s = carry
        value, g = loss_and_grad(p, seqs, targets)
        delta, s = rnn_optimizer.update(g, s, p)
        p = apply_updates(p, delta)
        return (p, s), value  # carry = 新状态,输出 = 本步损失

    start = (params, rnn_optimizer.init(params))
    (p_end, _), trace = lax.scan(one_step, start, xs=None, length=steps)
    return p_end, trace


rnn_init = make_rnn_params(init_key)  # 初始参数也留在顶层:检查会从它重放前几步
trained_rnn, rnn_losses = fit_rnn(rnn_init, train_seqs, train_targets)

