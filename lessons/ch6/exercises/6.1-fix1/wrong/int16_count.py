# expect: failed one_compile "依次是 int16" not "count + 1.0"
# expect.en: "dtypes int16" not "count + 1.0"
# 错误示范:新计数被转成了 int16。dtype 变了,下一次调用要重新编译;可这里没有浮点数,
# 提示不能拿"count + 1.0 得到 float32"当例子,只说出算到的 dtype。
@jax.jit
def tally(count, x):
    return jnp.asarray(count + 1, dtype=jnp.int16), 2 * x
