# expect: failed shape "形状 (12,) 的数组" "m[seg]、z[seg]"
# expect.en: "array of shape (12,)" "m[seg], z[seg]"
# 忘了用 top[seg] 把段内最大值取回到每个元素:形状 (N,) 减 (K,) 无法广播。
def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int):
    n_seg = int(num_segments)
    top = jax.ops.segment_max(data=scores, segment_ids=seg, num_segments=n_seg)
    ex = jnp.exp(scores - top)
    return ex / jax.ops.segment_sum(ex, seg, num_segments=n_seg)[seg]


segment_softmax = jax.jit(segment_softmax, static_argnames=("num_segments",))
