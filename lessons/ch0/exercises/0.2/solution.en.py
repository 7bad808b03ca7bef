# Exercise 0.2 reference solution: center decides the code path, so it is static; every number
# stays in arrays.


def normalize(x, center):
    if center:  # center is a concrete Python bool: the branch is picked while tracing
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.sqrt(jnp.mean(x**2))  # no float(…): under jit there is no concrete value


# static_argnames hands center to Python as a concrete value and makes it part of the cache key:
# one compilation per mode.
fast_normalize = jax.jit(normalize, static_argnames="center")


if __name__ == "__main__":
    x = jnp.array([1.0, 2.0, 3.0, 6.0])
    print(fast_normalize(x, center=True), fast_normalize(x, False))
