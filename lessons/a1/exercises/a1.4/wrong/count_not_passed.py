# expect: failed shape "static_argnames" "num_segments=num_segments" not "静态参数 num_segments,不要"
# expect.en: "static_argnames" "num_segments=num_segments" not "from the static argument num_segments"
# 错误示范:jit 没有把 num_segments 设为静态,segment_max / segment_sum 也没拿到段数,只好从 seg
# 里推,于是在 jit 里需要具体的段数时拿到了追踪值。提示不能说"用传进来的静态参数"——它并不静态。
@jax.jit
def segment_softmax(s, ids, num_segments):
    top = jax.ops.segment_max(s, ids)
    shifted = jnp.exp(s - top[ids])
    totals = jax.ops.segment_sum(shifted, ids)
    return shifted / totals[ids]
