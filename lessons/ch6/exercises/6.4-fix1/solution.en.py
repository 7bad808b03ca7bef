# Reference solution: jax.tree.map is the 0.12 spelling; it keeps the structure and calls the function leaf by leaf.


def scale_tree(tree, factor):
    return jax.tree.map(lambda leaf: leaf * factor, tree)
