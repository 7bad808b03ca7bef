# expect: failed values "不是 dict 的值" "类型" not "列表、元组或 NamedTuple"
# expect.en: "a value that is not a dict" not "a list, a tuple or a NamedTuple"
# 错误示范:自己递归,只处理了 None、列表和元组,其余一律当 dict 调 .items(),叶子(数组)也被调了。
# 报错里的对象是数组,不是列表、元组或 NamedTuple,消息不能这样说。
def scale_tree(tree, factor):
    if tree is None:
        return None
    if isinstance(tree, (list, tuple)):
        return type(tree)(scale_tree(t, factor) for t in tree)
    return {k: scale_tree(v, factor) for k, v in tree.items()}
