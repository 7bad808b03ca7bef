# expect: failed values "把列表当成了一个数组"
# expect.en: "treats a list as one array"
# 错误示范:自己递归遍历,只认得字典;碰到列表或元组就整个交给 jnp.asarray,当成一个数组来乘。


def scale_tree(tree, factor):
    if tree is None:
        return tree
    if not isinstance(tree, dict):
        return factor * jnp.asarray(tree)
    out = {}
    for key in tree:
        out[key] = scale_tree(tree[key], factor)
    return out
