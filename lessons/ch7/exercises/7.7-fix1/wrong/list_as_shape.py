# expect: failed values "在列表处停下" not "Shapes must be"
# expect.en: "whatever stops at the list" not "Shapes must be"
# 错误示范:自己写递归,只有字典才往下走;碰到别的(连列表在内)都转成 tuple 交给 jnp.zeros 当形状。
def zeros_from_spec(spec):
    if isinstance(spec, dict):
        return dict((key, zeros_from_spec(value)) for key, value in spec.items())
    dims = tuple(spec)
    return jnp.zeros(dims, dtype=jnp.float32)
