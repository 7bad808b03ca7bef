# expect: failed shape "num_segments 在 jit 里变成了被追踪的值" not "m[seg]、z[seg]"
# expect.en: "num_segments became a tracer under jit" not "m[seg], z[seg]"
# 直接 @jax.jit:num_segments 成了被追踪的值,segment_max 拿不到具体的段数。
@jax.jit
def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int):
    n_seg = num_segments
    top = jax.ops.segment_max(data=scores, segment_ids=seg, num_segments=n_seg)
    ex = jnp.exp(scores - top[seg])
    return ex / jax.ops.segment_sum(ex, seg, num_segments=n_seg)[seg]
