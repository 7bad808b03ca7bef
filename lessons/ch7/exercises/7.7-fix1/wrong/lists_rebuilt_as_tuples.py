# expect: failed values "列表变成了元组" not "不一致"
# expect.en: "lists came back as tuples" not "does not match"
# 错误示范:手写递归进了字典和列表,可列表用 tuple(...) 重建了。
def zeros_from_spec(spec):
    if isinstance(spec, dict):
        return {k: zeros_from_spec(v) for k, v in spec.items()}
    if isinstance(spec, list):
        return tuple(zeros_from_spec(v) for v in spec)
    return jnp.zeros(spec, jnp.float32)
