# expect: failed values "segment_max" "segment_sum"
# expect.en: "segment_max" "segment_sum"
# 错误示范:选错了分段归约,取了每段的最大值而不是和;没有元素的段得到 −inf。
def _peaks(d, owner, K):
    return jax.ops.segment_max(d, owner, num_segments=K)


group_sum = jax.jit(_peaks, static_argnums=2)
