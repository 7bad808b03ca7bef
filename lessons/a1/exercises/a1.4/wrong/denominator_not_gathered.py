# expect: failed shape "形状 (12,) 的数组" "m[seg]、z[seg]"
# 最大值取回了,分母却没有:每段的和 (K,) 直接拿来除每条边的指数 (N,)。
def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int):
    k = num_segments
    peak = jax.ops.segment_max(scores, seg, k)
    ex = jnp.exp(scores - peak[seg])
    return ex / jax.ops.segment_sum(ex, seg, k)


segment_softmax = jax.jit(segment_softmax, static_argnames=("num_segments",))
