# Reference solution: the segment count decides the output shape and must be static; K is already static, so hand it to num_segments.


def _group_sum(d, owner, K):
    return jax.ops.segment_sum(d, owner, num_segments=K)


group_sum = jax.jit(_group_sum, static_argnames="K")     # the segment count K decides the output shape: a static argument
