# expect: error load "Incompatible shapes for broadcasting" not "h₀" "jnp.zeros(16)"
# expect.en: "Incompatible shapes for broadcasting" not "h₀" "jnp.zeros(16)"
# h₀ 是对的一维 (16,),可 scan 之后又给输出补了一维:结果同样是 (T, 1, 1),训练时同样广播不上。
# 多出来的维不是 h₀ 造成的,检查不能说是 h₀ 的形状错了。


def rnn_forward(params, xs):
    def step(state, x_t):
        state = jnp.tanh(state @ params["Wh"] + x_t @ params["Wx"] + params["b"])
        return state, state @ params["Wo"]

    _, outputs = lax.scan(step, jnp.zeros(16), xs)
    return outputs[..., None]  # 错在这里:(T, 1) 变成 (T, 1, 1)


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
