# A right answer whose last recorded step lands on an Adam spike: from key(19) the loss is 0.0026
# at step 293 and, through a run of spikes, 0.305 at step 300 (1/3 of its start). The old rule
# compared only rnn_losses[-1] with 1/4 of the start and failed it; the lowest of the last 10 steps
# is 0.0026. (The trajectory is chaotic: another build or process history orders the float
# operations differently and can end elsewhere; measured with .venv/bin/jaxtutor check 6.7.)

WIDTH = 16


def draw_weights(key):
    k_rec, k_in, k_out = jax.random.split(key, num=3)
    return {
        "Wh": jax.random.normal(k_rec, (WIDTH, WIDTH)) * 0.1,
        "Wx": jax.random.normal(k_in, (1, WIDTH)) * 0.5,
        "b": jnp.zeros(WIDTH),
        "Wo": jax.random.normal(k_out, (WIDTH, 1)) * 0.1,
    }


def rnn_forward(params, xs):
    def tick(state, x_now):
        state = jnp.tanh(state @ params["Wh"] + x_now @ params["Wx"] + params["b"])
        return state, state @ params["Wo"]

    return lax.scan(tick, jnp.zeros(WIDTH), xs)[1]


def mean_sq(params, batch, goal):
    guess = jax.vmap(lambda seq: rnn_forward(params, seq))(batch)
    return jnp.mean(jnp.square(guess - goal))


batch_key, param_key = jax.random.split(jax.random.key(19))
inputs = jax.random.uniform(batch_key, (64, 20, 1), minval=-0.5, maxval=0.5)
goals = jnp.cumsum(inputs, axis=1)
start_weights = draw_weights(param_key)
adam_opt = adam(0.01)
loss_grad = jax.value_and_grad(mean_sq)


def train_step(carry, _nothing):
    w, st = carry
    loss_now, g = loss_grad(w, inputs, goals)
    step, st = adam_opt.update(g, st, w)
    return (apply_updates(w, step), st), loss_now


end_carry, rnn_losses = jax.jit(
    lambda w: lax.scan(train_step, (w, adam_opt.init(w)), xs=None, length=300)
)(start_weights)
end_weights = end_carry[0]
print("first", float(rnn_losses[0]), "last", float(rnn_losses[-1]))
