# Exercise 0.5 reference solution: split into three keys, use two once each, hand the third back.


def two_views(key, x, scale):
    new_key, k1, k2 = jax.random.split(key, 3)
    view1 = x + scale * jax.random.normal(k1, x.shape, x.dtype)
    view2 = x + scale * jax.random.normal(k2, x.shape, x.dtype)
    return new_key, view1, view2  # new_key never sampled anything: the next call starts from it


if __name__ == "__main__":
    key = jax.random.key(0)
    x = jnp.zeros(3)
    for _ in range(2):
        key, v1, v2 = two_views(key, x, 0.1)
        print(v1, v2)
