# expect: failed values "填的是 1"
# expect.en: "is filled with ones"
# 错误示范:结构和形状都对,可每个形状换成的是全 1 数组,不是全 0。
def zeros_from_spec(spec):
    def fill(shape_tuple):
        return jnp.ones(shape_tuple, dtype=jnp.float32)

    return jax.tree.map(fill, spec, is_leaf=lambda node: isinstance(node, tuple))
