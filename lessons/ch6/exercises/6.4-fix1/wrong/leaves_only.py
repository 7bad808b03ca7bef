# expect: failed values "结构"
# expect.en: "structure"
# 错误示范:把叶子拉平后逐个缩放,直接交回了一个扁平列表,树的结构丢了。
def scale_tree(tree, factor):
    return [leaf * factor for leaf in jax.tree.leaves(tree)]
