# expect: failed shape "Python 的 if" not "段数"
# expect.en: "Python if" not "number of segments"
# 逐段循环,还想跳过空段:先用 if jnp.any(mask) 判断这一段有没有元素。jit 里 mask 是追踪值,
# if 拿不到 True/False;这和段数从哪里来无关。
def _per_segment(s, ids, count):
    weights = jnp.zeros_like(s)
    for k in range(count):
        mask = ids == k
        if jnp.any(mask):
            top = jnp.where(mask, s, -1e30).max()
            e = jnp.where(mask, jnp.exp(s - top), 0.0)
            weights = weights + e / jnp.sum(e)
    return weights


def segment_softmax(scores, seg, num_segments: int):
    run = jax.jit(_per_segment, static_argnums=2)
    return run(scores, seg, num_segments)
