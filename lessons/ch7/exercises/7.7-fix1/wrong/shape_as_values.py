# expect: failed values "一样长" not "应是形状"
# expect.en: "as long as the shape tuple" not "should be a float32 array"
# 错误示范:is_leaf 写对了,可每个形状 tuple 先变成了数组再取 zeros_like,得到的是和 tuple 等长的向量。
def zeros_from_spec(spec):
    def blank(shape):
        as_vector = jnp.asarray(shape, dtype=jnp.float32)
        return jnp.zeros_like(as_vector)

    return jax.tree.map(blank, spec, is_leaf=lambda node: isinstance(node, tuple))
