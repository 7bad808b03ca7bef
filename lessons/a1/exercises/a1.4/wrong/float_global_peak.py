# expect: failed shape "由分数算出的追踪值" not "段数"
# expect.en: "a tracer computed from the scores" not "number of segments"
# 为了数值稳定,先用 float() 取出全体分数的最大值当作 Python 数:jit 里分数是追踪值,float() 拿不到
# 具体的数。这和段数从哪来无关(段数用的是静态的 num_segments)。
def _weights(scores, ids, num_segments):
    peak = float(jnp.max(scores))
    lifted = jnp.exp(scores - peak)
    denom = jax.ops.segment_sum(lifted, ids, num_segments)
    return lifted / jnp.take(denom, ids)


segment_softmax = jax.jit(_weights, static_argnames=("num_segments",))
