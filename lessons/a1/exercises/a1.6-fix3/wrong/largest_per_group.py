# expect: failed values "segment_max" "segment_sum"
# expect.en: "segment_max" "segment_sum"
# 错误示范:选错了分段归约,取了每段的最大值而不是和;没有元素的段得到 −inf。
from functools import partial


@partial(jax.jit, static_argnames=("K",))
def group_sum(d, owner, K):
    return jax.ops.segment_max(d, owner, num_segments=K)
