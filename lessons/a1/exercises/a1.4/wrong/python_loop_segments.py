# expect: failed segment_ops "成比例增长" "Python 循环"
# expect.en: "grows in proportion" "Python loop"
# 不会用 segment_max,于是对每一段写了一个 Python 循环:结果对,但每段都要扫一遍整个数组,程序随段数变大。
def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int):
    weights = jnp.zeros_like(scores)
    for which in range(num_segments):
        mine = seg == which
        top = jnp.max(jnp.where(mine, scores, -jnp.inf))
        lifted = jnp.where(mine, jnp.exp(scores - top), 0.0)
        weights = weights + lifted / jnp.maximum(jnp.sum(lifted), 1e-30)
    return weights


segment_softmax = jax.jit(segment_softmax, static_argnames=("num_segments",))
