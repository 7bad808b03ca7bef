# expect: failed values "没有除以段内和" not "总和"
# expect.en: "nothing was divided by the segment sum" not "sum over all elements"
# 错误示范:减完段内最大值求了 exp,就以为这已经是权重,漏了归一化这一步。
def _stable_exp(x, group, *, num_segments):
    biggest = jax.ops.segment_max(x, group, num_segments)
    return jnp.exp(x - jnp.take(biggest, group))


segment_softmax = jax.jit(_stable_exp, static_argnames=("num_segments",))
