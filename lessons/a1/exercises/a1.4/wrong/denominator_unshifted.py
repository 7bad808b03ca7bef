# expect: failed values "没减最大值" not "不减最大值"
# expect.en: "unshifted" not "without subtracting the maximum"
# 错误示范:分子减了段内最大值,分母却拿原始分数的 exp 求段内和(大分数时溢出成 inf)。
def _edge_weights(logits, owner, *, num_segments):
    each_max = jax.ops.segment_max(logits, owner, num_segments)
    upper = jnp.exp(logits - each_max[owner])
    lower = jax.ops.segment_sum(jnp.exp(logits), owner, num_segments)  # 分母没有平移
    return upper / lower[owner]


segment_softmax = jax.jit(_edge_weights, static_argnames=["num_segments"])
