# Exercise a1.4 reference solution


def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int) -> jax.Array:
    k = num_segments                      # a static Python integer: decides the length of the reductions
    # maximum of each segment, shape (K,); peak[seg] brings it back to every element, shape (N,)
    peak = jax.ops.segment_max(data=scores, segment_ids=seg, num_segments=k)
    stable = jnp.exp(scores - peak[seg])                     # the largest element of each segment becomes exp(0) = 1
    total = jax.ops.segment_sum(stable, seg, num_segments=k)  # denominator of each segment, shape (K,)
    return stable / total[seg]


# num_segments decides the length of the reductions (an array shape), so it is declared static
segment_softmax = jax.jit(segment_softmax, static_argnames=("num_segments",))


if __name__ == "__main__":
    edge_owner = jnp.array([0, 0, 1, 1, 1, 2])
    edge_score = jnp.array([300.0, 301.0, -5.0, 0.0, 5.0, 42.0])
    weights = segment_softmax(edge_score, edge_owner, num_segments=3)
    print(weights)
    print(jax.ops.segment_sum(weights, edge_owner, num_segments=3))
