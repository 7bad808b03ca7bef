# expect: failed trained "在训练序列上以累计和为目标" not "拟合的是序列本身"
# expect.en: "Fitting the running sum of the training sequences" not "fits the sequences themselves"
# 错误示范:目标写成了“到当前为止的平均值”cumsum / t,而不是累计和。这个目标数组也在 [−0.5, 0.5] 里,
# 模型又正好拟合它:不能说模型拟合的是序列本身;报出的误差取的是真训练序列上的那个。
# 练习 6.7 参考答案
# 思路:隐藏状态 h 是 lax.scan 的 carry;训练本身也是一个 scan,carry 是 (参数, 优化器状态)。
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
    return jnp.mean(jnp.square(batched_forward(params, seqs) - targets))


master_key = jax.random.key(2024)
seq_key, init_key = jax.random.split(master_key)
train_seqs = jax.random.uniform(seq_key, (64, 20, 1), minval=-0.5, maxval=0.5)
train_targets = jnp.cumsum(train_seqs, axis=1) / jnp.arange(1, 21).reshape(1, 20, 1)  # 目标:到当前为止的累计和
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

