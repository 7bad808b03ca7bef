# expect: failed jit "Python 的 if" not "转成 Python 数"
# expect.en: "a Python if" not "turning one into a Python number"
# 错误示范:factor 为 1 时想直接返回原树,在 jit 里对追踪值用了 if。
# 代码没有 float()/int()/.item(),消息不能说"把它转成 Python 数",要说 if 需要具体的真假值。
def scale_tree(tree, factor):
    if factor == 1:
        return tree
    return jax.tree.map(lambda leaf: leaf * factor, tree)
