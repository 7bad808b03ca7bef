# expect: failed values "钻进 tuple 的递归" "is_leaf" not "tree.map 会钻进 tuple"
# expect.en: "a recursion that goes into tuples" "is_leaf" not "tree.map goes into the tuples and treats"
# 没用 tree.map,自己写了递归,可它把 tuple 和 list 一样当容器钻了进去,每个维度各得一个 jnp.zeros(d)。
# 提示不能说“tree.map 会钻进 tuple”:这份代码里没有 tree.map,只能说结果是钻进 tuple 的结构。
def zeros_from_spec(spec):
    if isinstance(spec, dict):
        return {k: zeros_from_spec(v) for k, v in spec.items()}
    if isinstance(spec, (list, tuple)):
        return type(spec)(zeros_from_spec(v) for v in spec)
    return jnp.zeros(spec, jnp.float32)
