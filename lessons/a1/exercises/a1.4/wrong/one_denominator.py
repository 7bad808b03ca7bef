# expect: failed values "所有元素的总和" not "整个数组"
# expect.en: "sum over all elements" not "whole array"
# 错误示范:每段的最大值减得对,分母却是整个数组 exp 的总和。
@functools.partial(jax.jit, static_argnames="num_segments")
def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int) -> jax.Array:
    top = jax.ops.segment_max(scores, seg, num_segments=num_segments)
    w = jnp.exp(scores - top[seg])
    return w / w.sum()
