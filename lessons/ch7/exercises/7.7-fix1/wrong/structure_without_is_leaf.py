# expect: failed values "不带 is_leaf" not "维度当成一片叶子;用"
# expect.en: "taken without is_leaf" not "treats every dimension as a leaf; use"
# 错误示范:叶子用 is_leaf 取对了,可树结构是另外不带 is_leaf 取的,数组被塞回了维度的位置。
def zeros_from_spec(spec):
    is_shape = lambda node: isinstance(node, tuple)
    shapes = jax.tree.leaves(spec, is_leaf=is_shape)
    treedef = jax.tree.structure(spec)
    return jax.tree.unflatten(treedef, [jnp.zeros(s, jnp.float32) for s in shapes])
