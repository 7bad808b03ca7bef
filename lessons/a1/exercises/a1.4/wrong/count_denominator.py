# expect: failed values "除以各段的元素个数" not "没有除以段内和"
# expect.en: "divided by the number of elements in each segment" not "nothing was divided"
# 错误示范:分母想要“这一段有几项”,于是对 1 求了段内和;softmax 的分母是段内 exp 值之和。


def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int) -> jax.Array:
    k = num_segments                      # 静态的 Python 整数:决定归约结果的长度
    # 每段最大值,形状 (K,);peak[seg] 把它取回到每个元素上,形状 (N,)
    peak = jax.ops.segment_max(data=scores, segment_ids=seg, num_segments=k)
    stable = jnp.exp(scores - peak[seg])                     # 每段最大的元素变成 exp(0) = 1
    total = jax.ops.segment_sum(jnp.ones_like(stable), seg, num_segments=k)  # 每段的分母,形状 (K,)
    return stable / total[seg]


segment_softmax = jax.jit(segment_softmax, static_argnames=("num_segments",))


if __name__ == "__main__":
    edge_owner = jnp.array([0, 0, 1, 1, 1, 2])
    edge_score = jnp.array([300.0, 301.0, -5.0, 0.0, 5.0, 42.0])
    weights = segment_softmax(edge_score, edge_owner, num_segments=3)
    print(weights)
    print(jax.ops.segment_sum(weights, edge_owner, num_segments=3))
