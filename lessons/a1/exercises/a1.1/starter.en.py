# Exercise a1.1: discounted returns with done flags, using a reverse scan
# The chapter context has already imported np, jax, jnp, lax, functools and more (see the "Context" tab).


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    """Return the discounted return G of every step (same length as rewards); use lax.scan with reverse=True."""
    raise NotImplementedError


# You can try things out below (the check does not rely on this code):
# demo_r = jnp.array([1.0, 2.0, 3.0, 4.0])
# demo_d = jnp.array([0.0, 1.0, 0.0, 1.0])
# print(discounted_returns(demo_r, demo_d, 0.5))   # should be [2. 2. 5. 4.]
