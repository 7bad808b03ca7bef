# expect: failed values "列表原样返回" not "其余结构原样保留"
# expect.en: "lists in it come back unchanged" not "the rest of the structure kept"
# 错误示范:不用 tree.map,自己写递归,只认字典和 tuple;遇到列表就原样交回。
def zeros_from_spec(spec):
    if type(spec) is dict:
        out = {}
        for name, child in spec.items():
            out[name] = zeros_from_spec(child)
        return out
    if type(spec) is tuple:
        return jnp.zeros(spec, jnp.float32)
    return spec
