# expect: failed finite "最小值" not "不减最大值" "全局最大值"
# expect.en: "minimum" not "without subtracting the maximum" "global maximum"
# 错误示范:以为减掉每段的最小值也能稳住数值,结果其余分数全为正,exp 溢出。
def _normalize_by_owner(vals, owner, *, num_segments):
    floor = jax.ops.segment_min(vals, owner, num_segments)
    lifted = jnp.exp(vals - floor[owner])
    return lifted / jax.ops.segment_sum(lifted, owner, num_segments)[owner]


segment_softmax = jax.jit(_normalize_by_owner, static_argnames="num_segments")
