# expect: failed values "没有声明为静态" "static_argnames" not "这和段数无关" "数据是追踪值"
# expect.en: "not declared static" "static_argnames" not "This is not about the number of segments" "the data are tracers"
# 错误示范:去掉了 K 的 static_argnames,又在函数里用 Python 的 if 检查 K。TracerBoolConversionError 来自 K 本身,
# 不是来自数据,提示不能说“这和段数无关”,要说 K 没有声明为静态。
def _group_sum(d, owner, K):
    if K < 1:
        raise ValueError("K must be positive")
    return jax.ops.segment_sum(d, owner, num_segments=K)


group_sum = jax.jit(_group_sum)
