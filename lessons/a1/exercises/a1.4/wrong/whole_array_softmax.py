# expect: failed values "整个数组"
# expect.en: "whole array"
# 对整个数组做了一次 softmax,完全忽略了分段。
def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int):
    return jax.nn.softmax(scores, axis=0)


segment_softmax = jax.jit(segment_softmax, static_argnames=("num_segments",))
