# expect: failed values "扁平列表"
# expect.en: "flat list"
# 错误示范:先把叶子全部取出来逐个相乘,忘了再装回原来的树里。
def scale_tree(tree, factor):
    scaled = []
    for leaf in jax.tree.leaves(tree):
        scaled.append(factor * leaf)
    return scaled
