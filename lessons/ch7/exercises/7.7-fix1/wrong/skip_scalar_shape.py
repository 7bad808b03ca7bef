# expect: failed values "空 tuple" not "每个维度当成一片叶子"
# expect.en: "empty tuple" not "treats every dimension as a leaf"
# 错误示范:is_leaf 只认「有维度的 tuple」。多维形状都对了,标量形状 () 却被当成没有叶子的空子树,留在结果里的是 ()。
def zeros_from_spec(spec):
    def is_shape(node):
        return type(node) is tuple and bool(node)

    def make(shape):
        return jnp.zeros(shape, dtype=jnp.float32)

    return jax.tree.map(make, spec, is_leaf=is_shape)
