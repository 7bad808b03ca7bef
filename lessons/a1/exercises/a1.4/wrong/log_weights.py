# expect: failed values "对数" not "总和"
# expect.en: "logarithm" not "sum over all elements"
# 错误示范:照着 log-sum-exp 的写法返回了对数权重,而题目要的是权重本身。
def _log_attention(x, group, *, num_segments):
    biggest = jax.ops.segment_max(x, group, num_segments)
    centred = x - biggest[group]
    log_norm = jnp.log(jax.ops.segment_sum(jnp.exp(centred), group, num_segments))
    return centred - log_norm[group]


segment_softmax = jax.jit(_log_attention, static_argnames="num_segments")
