# 修复练习:group_sum 一调用就报 ConcretizationTypeError。
# 改到检查通过为止(Ctrl+T 看提示)。


def _group_sum(d, owner, K):
    return jax.ops.segment_sum(d, owner)


group_sum = jax.jit(_group_sum, static_argnames="K")     # 段数 K 决定输出形状:静态参数
