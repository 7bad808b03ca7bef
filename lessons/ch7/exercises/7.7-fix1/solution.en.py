# Reference solution: is_leaf declares "a tuple is a leaf", so tree.map stops at the shapes.


def zeros_from_spec(spec):
    return jax.tree.map(lambda shape: jnp.zeros(shape, jnp.float32), spec,
                        is_leaf=lambda node: isinstance(node, tuple))
