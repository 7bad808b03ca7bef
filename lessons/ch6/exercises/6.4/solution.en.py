# Exercise 6.4 reference solution
# The idea: (n, μ, M2) is the state carried along the data stream; welford_step is the body of lax.scan.


class Running(NamedTuple):  # Welford's three state variables
    count: jax.Array  # number of values seen (int32: a float count stops growing past 2²⁴)
    mu: jax.Array  # current mean
    sq_dev: jax.Array  # sum of squared differences from the mean, M2


def welford_step(state, x):
    count = state.count + 1  # int32 plus 1 is still int32: the carry's type does not change
    delta = x - state.mu  # difference from the old mean
    mu = state.mu + delta / count
    sq_dev = state.sq_dev + delta * (x - mu)  # multiplied by the difference from the new mean
    return Running(count, mu, sq_dev), sq_dev / count  # (new_state, current variance)


def online_var(xs):
    zero, none_seen = jnp.zeros((), dtype=xs.dtype), jnp.zeros((), jnp.int32)
    last, history = lax.scan(welford_step, Running(none_seen, zero, zero), xs)
    return last.mu, last.sq_dev / last.count, history


if __name__ == "__main__":
    spread = jnp.asarray([0.5, 1.5, 2.5, 4.0]).reshape(4, 1)
    rkey = jax.random.key(11)
    data = 100.0 + spread * jax.random.normal(rkey, (4, 1000))
    per_stream = jax.vmap(online_var)  # each stream has its own state
    mu_b, var_b, hist_b = jax.jit(per_stream)(data)
    print("online mean          :", mu_b)
    print("mean computed directly:", jnp.mean(data, axis=1))
    print("online variance      :", var_b)
    print("variance directly    :", jnp.var(data, axis=1))
    print("variance trace shape :", hist_b.shape)
