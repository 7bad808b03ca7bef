# expect: failed fresh "只减去全局最大值"
# expect.en: "only the global maximum is subtracted"
# 减去的是整个数组的最大值:各段分数相差很大时,低分段的 exp 全部下溢成 0,得到 0 / 0。
def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int):
    ex = jnp.exp(scores - scores.max())
    return ex / jax.ops.segment_sum(ex, seg, num_segments=int(num_segments))[seg]


segment_softmax = jax.jit(segment_softmax, static_argnames=("num_segments",))
