# expect: failed trained "拟合的是序列本身" not "也要留在模块顶层"
# expect.en: "fits the sequences themselves" not "keep the trained parameter dict there"
# 训练结果整个留在顶层(run = ((参数, 优化器状态), 损失)),参数在 run[0][0];
# 但目标沿长度为 1 的最后一维累加(axis=-1),等于序列本身。


def init_rnn(key, hidden=16):
    k_h, k_x, k_o = jax.random.split(key, 3)
    return {
        "Wh": 0.1 * jax.random.normal(k_h, (hidden, hidden)),
        "Wx": 0.5 * jax.random.normal(k_x, (1, hidden)),
        "b": jnp.zeros(hidden),
        "Wo": 0.1 * jax.random.normal(k_o, (hidden, 1)),
    }


def rnn_forward(params, xs):
    def step(h, x):
        h = jnp.tanh(h @ params["Wh"] + x @ params["Wx"] + params["b"])
        return h, h @ params["Wo"]

    return lax.scan(step, jnp.zeros(params["Wh"].shape[0]), xs)[1]


def mean_sq(params, seqs, sums):
    return jnp.mean((jax.vmap(rnn_forward, (None, 0))(params, seqs) - sums) ** 2)


opt = adam(0.01)
k_data, k_init = jax.random.split(jax.random.key(2024))
seqs = jax.random.uniform(k_data, (64, 20, 1), minval=-0.5, maxval=0.5)
start_params = init_rnn(k_init)


@jax.jit
def train(params):
    def one(state, _):
        p, s = state
        loss, g = jax.value_and_grad(mean_sq)(p, seqs, jnp.cumsum(seqs, axis=-1))
        upd, s = opt.update(g, s, p)
        return (apply_updates(p, upd), s), loss

    return lax.scan(one, (params, opt.init(params)), None, length=300)


run = train(start_params)
rnn_losses = run[1]
