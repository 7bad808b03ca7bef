# Exercise 0.6: one update step over any parameter tree
#
# The chapter context has already imported jax, jax.numpy as jnp, numpy as np and NamedTuple.


def sgd_with_decay(params, grads, lr, decay):
    # params, grads: pytrees of the same structure. Return a new tree of that structure with each
    # leaf p − lr·(g + decay·p).
    raise NotImplementedError


def global_norm(tree):
    # The L2 norm of all leaves together: square every element, add everything, one square root.
    raise NotImplementedError


# Once written, you can try it here (the checks do not use this code), for example:
#     params = {"dense": [jnp.ones(2), jnp.zeros(())], "scale": jnp.array(2.0)}
#     grads = jax.tree.map(jnp.ones_like, params)
#     print(sgd_with_decay(params, grads, 0.1, 0.01))
#     print(global_norm({"a": jnp.array([3.0]), "b": [jnp.array([4.0])]}))   # should be 5.0
