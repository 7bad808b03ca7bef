# expect: failed jit "追踪值" "常量时" not "NumPy" "普通的 Python 整数"
# expect.en: "tracer" "with i a constant the jitted function sees" not "NumPy" "with i a plain Python int"
# 错误示范:用切片拼出一个新数组。i 是 Python 整数时能运行;在 jit 里 i 是追踪值,
# 切片的起止位置必须是具体的数,于是失败。
def drop_and_renormalize(weights, i):
    w = jnp.asarray(weights)
    kept = jnp.concatenate([w[:i], jnp.zeros(1, w.dtype), w[i + 1:]])
    return kept / jnp.sum(kept)
