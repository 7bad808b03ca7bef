# expect: failed shape "Python 的 if" not "段数"
# expect.en: "Python if" not "number of segments"
# 逐段循环,还想跳过空段:先用 if jnp.any(mask) 判断这一段有没有元素。jit 里 mask 是追踪值,
# if 拿不到 True/False;这和段数从哪里来无关。
@functools.partial(jax.jit, static_argnames="num_segments")
def segment_softmax(scores, seg, num_segments):
    out = jnp.zeros_like(scores)
    for k in range(num_segments):
        mask = seg == k
        if jnp.any(mask):
            top = jnp.max(jnp.where(mask, scores, -jnp.inf))
            e = jnp.where(mask, jnp.exp(scores - top), 0.0)
            out = out + e / jnp.sum(e)
    return out
