# Repair exercise: group_sum raises ConcretizationTypeError as soon as it is called.
# Change it until the check passes (Ctrl+T shows hints).


def _group_sum(d, owner, K):
    return jax.ops.segment_sum(d, owner)


group_sum = jax.jit(_group_sum, static_argnames="K")     # the segment count K decides the output shape: a static argument
