# 修复练习:scale_tree 在 jax 0.12 上报 AttributeError。
# 改到检查通过为止(Ctrl+T 看提示)。


def scale_tree(tree, factor):
    return jax.tree_map(lambda leaf: leaf * factor, tree)
