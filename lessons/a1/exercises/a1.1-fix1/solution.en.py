# Reference solution: jax.random.key gives a typed key; splitting it gives a key array of shape (n,).


def make_keys(seed, n):
    root = jax.random.key(seed)         # typed key, dtype shows as key<fry>
    return jax.random.split(root, n)    # same random stream as the old way, only the type differs
