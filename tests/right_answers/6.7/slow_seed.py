# A right answer whose random draw trains slowly: from key(7) the loss falls only to about 1/9 of
# its start in 300 steps (over 55 seeds the final loss ranged from 0.002 to 0.09), which the old
# bar of 1/10 failed although nothing in it is wrong.

SIZE = 16


def fresh_params(key):
    kw, ki, ko = jax.random.split(key, num=3)
    return {
        "Wh": jax.random.normal(kw, (SIZE, SIZE)) * 0.1,
        "Wx": jax.random.normal(ki, (1, SIZE)) * 0.5,
        "b": jnp.zeros(SIZE),
        "Wo": jax.random.normal(ko, (SIZE, 1)) * 0.1,
    }


def rnn_forward(params, xs):
    def advance(h, x):
        h = jnp.tanh(h @ params["Wh"] + x @ params["Wx"] + params["b"])
        return h, h @ params["Wo"]

    _, ys = lax.scan(advance, jnp.zeros(SIZE), xs)
    return ys


def loss_fn(params, seqs, sums):
    errors = jax.vmap(lambda one: rnn_forward(params, one))(seqs) - sums
    return jnp.mean(jnp.square(errors))


data_key, weight_key = jax.random.split(jax.random.key(7))
sequences = jax.random.uniform(data_key, (64, 20, 1), minval=-0.5, maxval=0.5)
running_sums = jnp.cumsum(sequences, axis=1)
first_params = fresh_params(weight_key)
opt = adam(0.01)


value_grad = jax.value_and_grad(loss_fn)


def one_update(state, _unused):
    weights, opt_state = state
    value, grads = value_grad(weights, sequences, running_sums)
    moves, opt_state = opt.update(grads, opt_state, weights)
    return (apply_updates(weights, moves), opt_state), value


final_state, rnn_losses = jax.jit(
    lambda w: lax.scan(one_update, (w, opt.init(w)), xs=None, length=300)
)(first_params)
learned = final_state[0]
print("loss", float(rnn_losses[0]), "->", float(rnn_losses[-1]))
