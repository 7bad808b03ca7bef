# expect: failed values "None 被变成了值"
# expect.en: "None was turned into a value"
# 错误示范:怕 None 出错,让 tree.map 把 None 也交给函数,再把它换成 0.0。
def scale_tree(tree, factor):
    def scale(leaf):
        if leaf is None:
            return 0.0
        return leaf * factor

    return jax.tree.map(scale, tree, is_leaf=lambda node: node is None)
