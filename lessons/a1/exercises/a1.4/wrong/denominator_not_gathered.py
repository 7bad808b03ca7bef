# expect: failed shape "形状 (12,) 的数组" "m[seg]、z[seg]"
# expect.en: "array of shape (12,)" "m[seg], z[seg]"
# 最大值取回了,分母却没有:每段的和 (K,) 直接拿来除每条边的指数 (N,)。
def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int):
    k = num_segments
    highest = jax.ops.segment_max(data=scores, segment_ids=seg, num_segments=k)
    lifted = jnp.exp(scores - highest[seg])
    per_segment = jax.ops.segment_sum(lifted, seg, num_segments=k)
    return lifted / per_segment


segment_softmax = jax.jit(segment_softmax, static_argnames=("num_segments",))
