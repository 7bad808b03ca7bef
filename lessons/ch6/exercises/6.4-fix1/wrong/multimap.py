# expect: failed values "tree_multimap"
# expect.en: "tree_multimap"
# 错误示范:换成了更老的 tree_multimap,它在更早的版本里就被移除了。
def scale_tree(tree, factor):
    return jax.tree_util.tree_multimap(lambda leaf: leaf * factor, tree)
