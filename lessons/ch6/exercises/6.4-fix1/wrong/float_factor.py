# expect: failed jit "factor 和各个叶子都是追踪值" not "编译"
# expect.en: "factor and the leaves are tracers" not "compiled"
# 错误示范:先把 factor 转成 Python 数再乘。不加 jit 时没问题;jit 里 factor 是追踪值,float() 失败。
# 以前这里只显示原始的 ConcretizationTypeError(还显示了两遍),现在说出原因。
def scale_tree(tree, factor):
    f = float(factor)
    return jax.tree.map(lambda leaf: leaf * f, tree)
