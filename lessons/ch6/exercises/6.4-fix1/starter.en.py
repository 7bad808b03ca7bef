# Repair exercise: scale_tree raises an AttributeError on jax 0.12.
# Change it until the checks pass (Ctrl+T shows a hint).


def scale_tree(tree, factor):
    return jax.tree_map(lambda leaf: leaf * factor, tree)
