# expect: failed values "偏置加在激活函数之后"
# expect.en: "bias added after the activation"
# 错误示范:偏置 b 加在了 tanh 外面,h_t = tanh(h·W_h + x·W_x) + b,而这个 h_t 又传给了下一步。
SIZE_H = 16


def rnn_forward(params, xs):
    def advance(h_prev, x_cur):
        h_cur = jnp.tanh(h_prev @ params["Wh"] + x_cur @ params["Wx"]) + params["b"]
        return h_cur, h_cur @ params["Wo"]

    return lax.scan(advance, jnp.zeros(SIZE_H), xs)[1]


def batch_mse(params, seqs, sums):
    return jnp.mean((jax.vmap(rnn_forward, (None, 0))(params, seqs) - sums) ** 2)


keys = jax.random.split(jax.random.key(31), 4)
p_start = {
    "Wh": 0.1 * jax.random.normal(keys[0], (SIZE_H, SIZE_H)),
    "Wx": 0.5 * jax.random.normal(keys[1], (1, SIZE_H)),
    "b": jnp.zeros(SIZE_H),
    "Wo": 0.1 * jax.random.normal(keys[2], (SIZE_H, 1)),
}
seqs = jax.random.uniform(keys[3], (64, 20, 1), minval=-0.5, maxval=0.5)
sums = jnp.cumsum(seqs, axis=1)
tx = adam(0.01)


@jax.jit
def one_update(p, s):
    loss, g = jax.value_and_grad(batch_mse)(p, seqs, sums)
    moves, s = tx.update(g, s, p)
    return apply_updates(p, moves), s, loss


p_now, s_now, trace = p_start, tx.init(p_start), []
for _ in range(300):
    p_now, s_now, loss_now = one_update(p_now, s_now)
    trace.append(loss_now)
rnn_losses = jnp.stack(trace)
