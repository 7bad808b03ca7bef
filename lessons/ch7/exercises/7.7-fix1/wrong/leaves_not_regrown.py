# expect: failed values "扁平的 list" not "形状 tuple 应整个换成一个数组"
# expect.en: "is a flat list of" not "replaced by one array as a whole, and the rest"
# 错误示范:用 is_leaf 把形状一个个取出来并建好了零数组,却忘了按 spec 的结构把它们放回去,直接返回了列表。
def zeros_from_spec(spec):
    found = []
    for shape in jax.tree.leaves(spec, is_leaf=lambda node: isinstance(node, tuple)):
        found.append(jnp.zeros(shape, dtype=jnp.float32))
    return found
