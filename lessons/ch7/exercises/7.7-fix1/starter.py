# 修复练习:结果里的叶子形状不对。
# 改到检查通过为止(Ctrl+T 看提示)。


def zeros_from_spec(spec):
    return jax.tree.map(jnp.zeros, spec)
