# expect: failed trained "拟合的是序列本身" not "也要留在模块顶层"
# expect.en: "fits the sequences themselves" not "keep the trained parameter dict there"
# 训练结果整个留在顶层(run = ((参数, 优化器状态), 损失)),参数在 run[0][0];
# 但目标沿长度为 1 的最后一维累加(axis=-1),等于序列本身。


def init_rnn(key, hidden=16):
    kh, kx, ko = jax.random.split(key, 3)
    scale = {"Wh": 0.1, "Wx": 0.5, "Wo": 0.1}
    shapes = {"Wh": (hidden, hidden), "Wx": (1, hidden), "Wo": (hidden, 1)}
    keys = {"Wh": kh, "Wx": kx, "Wo": ko}
    out = {name: scale[name] * jax.random.normal(keys[name], shapes[name]) for name in shapes}
    out["b"] = jnp.zeros(hidden)
    return out


def rnn_forward(params, xs):
    def step(h, x):
        h = jnp.tanh(h @ params["Wh"] + x @ params["Wx"] + params["b"])
        return h, h @ params["Wo"]

    return lax.scan(step, jnp.zeros(params["Wh"].shape[0]), xs)[1]


def mean_sq(params, batch, goal):
    return jnp.mean((jax.vmap(rnn_forward, (None, 0))(params, batch) - goal) ** 2)


optim = adam(0.01)
data_key, param_key = jax.random.split(jax.random.key(5))
batch = jax.random.uniform(data_key, (64, 20, 1), minval=-0.5, maxval=0.5)
start_params = init_rnn(param_key)


@jax.jit
def train(params):
    def advance(carry, _):
        prm, ostate = carry
        loss, grads = jax.value_and_grad(mean_sq)(prm, batch, jnp.cumsum(batch, axis=-1))
        deltas, ostate = optim.update(grads, ostate, prm)
        return (apply_updates(prm, deltas), ostate), loss

    first = (params, optim.init(params))
    return lax.scan(advance, first, xs=None, length=300)


run = train(start_params)
rnn_losses = run[1]
