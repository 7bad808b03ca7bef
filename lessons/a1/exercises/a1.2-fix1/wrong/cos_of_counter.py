# expect: failed values "没有用携带的值" not "写成 def body"
# expect.en: "not from the carried value" not "write def body"
# 错误示范:参数顺序写对了,循环体却拿计数器 k 去算余弦,累积的 acc 被搁在一边。
@jax.jit
def iterate(v, times):
    def update(k, acc):
        angle = jnp.asarray(k, dtype=v.dtype)
        return v + 0.5 * jnp.cos(angle)

    return lax.fori_loop(0, times, update, jnp.zeros_like(v))
