# expect: failed values "列表都变成了元组" not "元组都变成了列表" "没有乘以"
# expect.en: "every list became a tuple" not "every tuple became a list" "not multiplied"
# 错误示范:自己写递归,序列一律用生成器表达式重建成元组,列表就成了元组。
def scale_tree(tree, factor):
    if tree is None:
        return None
    if isinstance(tree, dict):
        return {key: scale_tree(value, factor) for key, value in tree.items()}
    if isinstance(tree, (list, tuple)):
        return tuple(scale_tree(value, factor) for value in tree)
    return tree * factor
