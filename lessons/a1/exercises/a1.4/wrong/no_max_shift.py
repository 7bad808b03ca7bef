# expect: failed finite "不减最大值" "溢出成 inf" not "下溢"
# expect.en: "without subtracting the maximum" "overflows to inf" not "underflows"
# 没有减去段内最大值:分数在 200 左右时 exp 溢出成 inf,inf / inf = nan。
def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int):
    powered = jnp.exp(scores)
    denom = jax.ops.segment_sum(powered, seg, num_segments=int(num_segments))
    return powered / denom[seg]


segment_softmax = jax.jit(segment_softmax, static_argnames=("num_segments",))
