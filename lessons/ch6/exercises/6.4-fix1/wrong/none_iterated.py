# expect: failed values "抛出 TypeError(见下面的错误)" not "送进了乘法" "去掉这个 is_leaf"
# expect.en: "raised TypeError on it (see the error below)" not "reached the multiplication" "Drop that is_leaf"
# 错误示范:自己递归,把 None 和列表、元组一起当容器去遍历,None 不可迭代,抛出 TypeError。
# 这里 None 没进乘法,代码里也没有 is_leaf,消息只能说测到的:拿掉 None 就对了。
def scale_tree(tree, factor):
    if isinstance(tree, dict):
        return {k: scale_tree(v, factor) for k, v in tree.items()}
    if isinstance(tree, list) or isinstance(tree, tuple) or tree is None:
        return type(tree)(scale_tree(t, factor) for t in tree)
    return tree * factor
