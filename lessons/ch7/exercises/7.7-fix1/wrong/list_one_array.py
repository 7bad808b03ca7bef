# expect: failed values "列表被当成了叶子" not "其余结构原样保留"
# expect.en: "the list was taken as a leaf" not "the rest of the structure kept"
# 错误示范:is_leaf 在 tuple 和 list 处都停;为了不报错,碰到列表就给它造一个和列表一样长的零向量。
def zeros_from_spec(spec):
    def stop(node):
        return isinstance(node, tuple) or isinstance(node, list)

    def fill(node):
        size = (len(node),) if type(node) is list else node
        return jnp.zeros(size, jnp.float32)

    return jax.tree.map(fill, spec, is_leaf=stop)
