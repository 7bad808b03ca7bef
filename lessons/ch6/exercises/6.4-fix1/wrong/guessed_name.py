# expect: failed values "这个 JAX(0.12)里没有的属性" not "已经不存在"
# expect.en: "an attribute this JAX (0.12) does not have" not "no longer exists"
# 错误示范:猜了个名字 jax.tree_util.map,它从来没有过。AttributeError 只说明这个 JAX 里没有这个属性,
# 提示不能说它"在 0.12 里已经不存在"(那是 jax.tree_map 的情形)。
def scale_tree(tree, factor):
    return jax.tree_util.map(lambda leaf: leaf * factor, tree)
