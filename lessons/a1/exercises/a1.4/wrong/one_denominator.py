# expect: failed values "所有元素的总和" not "整个数组"
# expect.en: "sum over all elements" not "whole array"
# 错误示范:每段的最大值减得对,分母却是整个数组 exp 的总和。
def _weights(x, owner, num_segments):
    top = jax.ops.segment_max(data=x, segment_ids=owner, num_segments=num_segments)
    w = jnp.exp(x - top[owner])
    return w / w.sum()


segment_softmax = jax.jit(_weights, static_argnames=("num_segments",))
