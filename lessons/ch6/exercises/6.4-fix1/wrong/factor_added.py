# expect: failed values "factor 被加到了叶子上"
# expect.en: "factor was added to the leaves"
# 错误示范:jax.tree.map 用对了,结构也保住了,可对每个叶子做的是加法而不是乘法。


def scale_tree(tree, factor):
    def shift(a):
        return factor + a

    return jax.tree.map(shift, tree)
