# expect: failed values "None 被当成叶子" "None * factor" not "return" "去掉这个 is_leaf"
# expect.en: "None was treated as a leaf" "None * factor" not "return" "Drop that is_leaf"
# 错误示范:自己递归,凡不是容器的都乘 factor;None 也被乘了,抛出 TypeError。
def scale_tree(tree, factor):
    if isinstance(tree, dict):
        return {key: scale_tree(sub, factor) for key, sub in tree.items()}
    if isinstance(tree, (list, tuple)):
        return type(tree)(scale_tree(sub, factor) for sub in tree)
    return tree * factor
