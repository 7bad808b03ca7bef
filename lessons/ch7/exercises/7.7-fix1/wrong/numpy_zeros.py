# expect: failed values "float32"
# expect.en: "float32"
# 错误示范:结构对了,可用的是 NumPy 的 zeros,dtype 是 float64。
def zeros_from_spec(spec):
    return jax.tree.map(np.zeros, spec, is_leaf=lambda node: isinstance(node, tuple))
