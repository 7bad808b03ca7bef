# expect: failed values "列表"
# expect.en: "lists"
# 错误示范:以为“容器”只有字典,于是让 is_leaf 在 tuple 和 list 处都停下。
# 含列表的形状树上,一整个列表被交给 jnp.zeros。
def zeros_from_spec(spec):
    def stop_here(node):
        return type(node) in (tuple, list)

    return jax.tree.map(lambda shape: jnp.zeros(shape, jnp.float32), spec, is_leaf=stop_here)
