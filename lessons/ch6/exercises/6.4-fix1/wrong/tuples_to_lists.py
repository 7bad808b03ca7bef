# expect: failed values "元组都变成了列表" not "列表都变成了元组" "没有乘以"
# expect.en: "every tuple became a list" not "every list became a tuple" "not multiplied"
# 错误示范:不用 jax.tree.map,自己写递归。序列一律用列表推导式重建,元组就成了列表。
def scale_tree(tree, factor):
    if isinstance(tree, dict):
        return {name: scale_tree(sub, factor) for name, sub in tree.items()}
    if isinstance(tree, (tuple, list)):
        return [scale_tree(sub, factor) for sub in tree]
    if tree is None:
        return tree
    return factor * tree
