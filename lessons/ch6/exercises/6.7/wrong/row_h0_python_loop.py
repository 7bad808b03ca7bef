# expect: error load "Incompatible shapes for broadcasting" "从形状 (1, 16) 的 h₀ 出发" "jnp.zeros(16)"
# expect.en: "Incompatible shapes for broadcasting" "an h₀ of shape (1, 16)" "jnp.zeros(16)"
# 以为 h @ Wh 需要“行向量”,就把零向量 reshape 成 (1, 16) 当 h₀。每一步的输出于是多出一维,
# 第一次算训练损失时预测 (64, 20, 1, 1) 和目标 (64, 20, 1) 就广播不到一起。


def rnn_forward(params, xs):
    def step(state, x_t):
        state = jnp.tanh(state @ params["Wh"] + x_t @ params["Wx"] + params["b"])
        return state, state @ params["Wo"]

    row = jnp.zeros(16).reshape(1, -1)  # 错在这里:一行二维数组,不是一维向量
    _, outputs = lax.scan(step, row, xs)
    return outputs


def mse(p, seqs, targets):
    guesses = jax.vmap(lambda one: rnn_forward(p, one))(seqs)
    return jnp.mean((guesses - targets) ** 2)


keys = jax.random.split(jax.random.key(11), 5)
first_params = {
    "Wh": 0.1 * jax.random.normal(keys[0], (16, 16)),
    "Wx": 0.5 * jax.random.normal(keys[1], (1, 16)),
    "b": jnp.zeros(16),
    "Wo": 0.1 * jax.random.normal(keys[2], (16, 1)),
}
inputs = jax.random.uniform(keys[3], (64, 20, 1), minval=-0.5, maxval=0.5)
sums = jnp.cumsum(inputs, axis=1)
tx = adam(0.01)


@jax.jit
def advance(p, moments):
    cost, g = jax.value_and_grad(mse)(p, inputs, sums)
    change, moments = tx.update(g, moments, p)
    return apply_updates(p, change), moments, cost


p, moments, history = first_params, tx.init(first_params), []
for _ in range(300):
    p, moments, cost = advance(p, moments)
    history.append(cost)
rnn_losses = jnp.stack(history)
