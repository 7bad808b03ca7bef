# expect: failed jit "追踪值" not "NumPy"
# expect.en: "tracer" not "NumPy"
# 错误示范:用切片拼出一个新数组。i 是 Python 整数时能运行;在 jit 里 i 是追踪值,
# 切片的起止位置必须是具体的数,于是失败。
def drop_and_renormalize(weights, i):
    w = jnp.asarray(weights)
    kept = jnp.concatenate([w[:i], jnp.zeros(1, w.dtype), w[i + 1:]])
    return kept / jnp.sum(kept)
