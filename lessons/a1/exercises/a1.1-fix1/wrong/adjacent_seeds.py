# expect: failed same_stream "一个种子一把" not "又多拆了一次"
# expect.en: "one seed per key" not "split once more"
# expect.silent: jit
# 错误示范:拿相邻的整数当种子,一把一把地造 key。类型对了,但这不是从同一个种子分出来的子 key。
def make_keys(seed, n):
    return jax.vmap(jax.random.key)(seed + jnp.arange(n))
