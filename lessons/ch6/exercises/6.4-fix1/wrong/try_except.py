# expect: failed values "没有乘以"
# expect.en: "were not multiplied by factor"
# 错误示范(把症状压下去的错误办法):接住 AttributeError,把原树交回去。不再报错,可什么也没缩放。
def scale_tree(tree, factor):
    try:
        return jax.tree_map(lambda leaf: leaf * factor, tree)
    except AttributeError:
        return tree
