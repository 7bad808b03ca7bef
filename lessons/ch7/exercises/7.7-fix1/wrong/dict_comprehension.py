# expect: failed values "结构"
# expect.en: "structure"
# 错误示范:绕开 tree.map,用一层字典推导式。最外层对了,嵌套的部分就不行了。
def zeros_from_spec(spec):
    return {name: jnp.zeros(shape) if isinstance(shape, tuple) else shape for name, shape in spec.items()}
