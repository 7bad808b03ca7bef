# expect: failed values "ConcretizationTypeError" "取决于参数 owner" not "num_segments 给了"
# expect.en: "ConcretizationTypeError" "depends on the value of the argument owner" not "num_segments is given"
# 错误示范:自己算段数 int(max) + 1。jit 里 owner 是追踪值,int() 拿不到具体的数。
def _group_sum(d, owner, K):
    return jax.ops.segment_sum(d, owner, num_segments=int(jnp.max(owner)) + 1)


group_sum = jax.jit(_group_sum, static_argnames="K")     # 段数 K 决定输出形状:静态参数
