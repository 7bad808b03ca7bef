# Exercise 6.4: Welford's online variance with lax.scan + vmap
# The context provides: jax, jnp, lax, NamedTuple.


def welford_step(state, x):
    """The body of lax.scan: update the state (n, μ, M2) with x, return (new_state, current variance M2 / n)."""
    raise NotImplementedError


def online_var(xs):
    """A 1-D data stream -> (final mean, final variance, variance trace); the trace has the shape of xs."""
    raise NotImplementedError


# You can try it out below (the checks do not use this code):
# spread = jnp.asarray([0.5, 1.5, 2.5, 4.0]).reshape(4, 1)
# rkey = jax.random.key(11)
# data = 100.0 + spread * jax.random.normal(rkey, (4, 1000))
# per_stream = jax.vmap(online_var)  # each stream has its own state
# mu_b, var_b, hist_b = jax.jit(per_stream)(data)
# print(var_b, jnp.var(data, axis=1), hist_b.shape)
