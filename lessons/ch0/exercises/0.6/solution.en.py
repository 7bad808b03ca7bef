# Exercise 0.6 reference solution: tree.map updates leaf by leaf, tree.leaves gives every leaf for
# the norm.


def sgd_with_decay(params, grads, lr, decay):
    # Whether params is a dict, a list or a NamedTuple, tree.map puts the result back in its shape.
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(tree):
    # Add up the squares of all leaves first, then one square root; arrays throughout, so jit works.
    total = sum(jnp.sum(leaf**2) for leaf in jax.tree.leaves(tree))
    return jnp.sqrt(total)


if __name__ == "__main__":
    params = {"dense": [jnp.ones(2), jnp.zeros(())], "scale": jnp.array(2.0)}
    grads = jax.tree.map(jnp.ones_like, params)
    print(sgd_with_decay(params, grads, 0.1, 0.01))
    print(global_norm({"a": jnp.array([3.0]), "b": [jnp.array([4.0])]}))
