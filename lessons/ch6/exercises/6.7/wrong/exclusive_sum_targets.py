# expect: failed trained "之前的累加和"
# expect.en: "before step t"
# 错误示范:目标写成了到上一步为止的累加和(cumsum 再减去序列本身),少算了当前这一步的输入。
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
        return h_next, h_next @ params["Wo"]

    h_start = jnp.zeros(params["Wh"].shape[0])
    return lax.scan(cell, h_start, xs)[1]


batched_forward = jax.vmap(rnn_forward, (None, 0))


def sequence_loss(params, seqs, targets):
    return jnp.mean(jnp.square(batched_forward(params, seqs) - targets))


master_key = jax.random.key(2024)
seq_key, init_key = jax.random.split(master_key)
train_seqs = jax.random.uniform(seq_key, (64, 20, 1), minval=-0.5, maxval=0.5)
train_targets = jnp.cumsum(train_seqs, axis=1) - train_seqs
rnn_optimizer = adam(0.01)
loss_and_grad = jax.value_and_grad(sequence_loss)


@partial(jax.jit,
         static_argnames=("steps",))
def fit_rnn(params, seqs, targets, steps=300):
    def one_step(carry, _unused):
        p, s = carry
        value, g = loss_and_grad(p, seqs, targets)
        delta, s = rnn_optimizer.update(g, s, p)
        p = apply_updates(p, delta)
        return (p, s), value

    start = (params, rnn_optimizer.init(params))
    (p_end, _), trace = lax.scan(one_step, start, xs=None, length=steps)
    return p_end, trace


rnn_init = make_rnn_params(init_key)
trained_rnn, rnn_losses = fit_rnn(rnn_init, train_seqs, train_targets)

if __name__ == "__main__":
    print(f"initial loss {float(rnn_losses[0]):.5f}, final loss {float(rnn_losses[-1]):.5f}")
    grad_tree = jax.grad(sequence_loss)(trained_rnn, train_seqs, train_targets)
    print("gradient shapes:", jax.tree.map(jnp.shape, grad_tree))
