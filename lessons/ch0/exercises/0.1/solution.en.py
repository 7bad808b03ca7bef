# Exercise 0.1 reference solution: .at[i].set gives a new array and leaves the original alone;
# then divide by the new array's sum.


def drop_and_renormalize(weights, i):
    # jnp.asarray turns a NumPy input into a JAX array too (it copies, so the caller's array is safe).
    kept = jnp.asarray(weights).at[i].set(0.0)
    # Zero first, then normalise: dividing by the sum after zeroing makes the result add up to 1.
    return kept / jnp.sum(kept)


if __name__ == "__main__":
    print(drop_and_renormalize(jnp.array([2.0, 1.0, 1.0]), 0))
    print(jax.jit(drop_and_renormalize)(jnp.array([2.0, 1.0, 1.0]), jnp.int32(1)))
