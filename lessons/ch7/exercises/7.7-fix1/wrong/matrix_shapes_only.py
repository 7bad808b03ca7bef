# expect: failed values "len(node) in {2}" not "其余结构原样保留"
# expect.en: "len(node) in {2}" not "the rest of the structure kept"
# 错误示范:以为形状都是像 (4, 2) 这样的多维 tuple,is_leaf 只认长度至少为 2 的 tuple;(3,) 被拆成了叶子,() 留成了空 tuple。
def zeros_from_spec(spec):
    def is_matrix_shape(node):
        return isinstance(node, tuple) and len(node) >= 2

    return jax.tree.map(lambda shape: jnp.zeros(shape, jnp.float32), spec, is_leaf=is_matrix_shape)
