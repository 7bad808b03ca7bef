# expect: failed values "改动了传进来的第 1 棵树" not "没有乘以"
# expect.en: "changed tree 1, the one passed in" not "not multiplied"
# 错误示范:为了“省一次拷贝”,把每个顶层键缩放后的子树写回传进来的 dict,
# 再把这个 dict 原样交回。调用者手里的参数也跟着变了。


def scale_tree(tree, factor):
    if isinstance(tree, dict):
        for name, sub in list(tree.items()):
            tree[name] = jax.tree.map(lambda v: factor * v, sub)
        return tree
    return jax.tree.map(lambda v: factor * v, tree)
