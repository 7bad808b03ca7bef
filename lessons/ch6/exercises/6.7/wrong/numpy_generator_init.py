# expect: failed jax_random_only "np.random.default_rng" "jax.random.key" not "全局随机状态"
# expect.en: "np.random.default_rng (calls: 1)" "jax.random.key" not "1 times" "global random state"
# 训练数据用了 jax.random,初始权重却交给 NumPy 的 Generator 抽:数值上照样能训练,可这些数不由任何 JAX key 决定。
WIDTH = 16


def rnn_forward(params, xs):
    def step(state, x_now):
        state = jnp.tanh(state @ params["Wh"] + x_now @ params["Wx"] + params["b"])
        return state, state @ params["Wo"]

    return lax.scan(step, jnp.zeros(WIDTH), xs)[1]


def batch_mse(params, seqs, goals):
    guesses = jax.vmap(lambda one: rnn_forward(params, one))(seqs)
    return jnp.mean(jnp.square(guesses - goals))


host_gen = np.random.default_rng(11)
first_params = {
    name: jnp.asarray(scale * host_gen.standard_normal(shape), jnp.float32)
    for name, scale, shape in (("Wh", 0.1, (WIDTH, WIDTH)), ("Wx", 0.5, (1, WIDTH)),
                               ("Wo", 0.1, (WIDTH, 1)))
}
first_params["b"] = jnp.zeros(WIDTH)
seqs = jax.random.uniform(jax.random.key(5), (64, 20, 1), minval=-0.5, maxval=0.5)
goals = jnp.cumsum(seqs, axis=1)
opt = adam(0.01)


@jax.jit
def fit(params):
    measure = jax.value_and_grad(batch_mse)

    def advance(state, _):
        weights, moments = state
        err, slope = measure(weights, seqs, goals)
        change, moments = opt.update(slope, moments, weights)
        return (apply_updates(weights, change), moments), err

    start = (params, opt.init(params))
    (final, _), history = lax.scan(advance, start, None, length=300)
    return final, history


fitted, rnn_losses = fit(first_params)
print("loss", float(rnn_losses[0]), "->", float(rnn_losses[-1]))
