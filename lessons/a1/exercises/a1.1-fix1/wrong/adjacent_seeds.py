# expect: failed jit "不加 jit 时得到的也是同样的 key" not "和不加 jit 时得到的 key 不同"
# expect.en: "same keys, so the problem is not jit" not "also differ from the keys"
# 错误示范:拿相邻的整数当种子,一把一把地造 key。类型对了,但这不是从同一个种子分出来的子 key。
def make_keys(seed, n):
    return jax.vmap(jax.random.key)(seed + jnp.arange(n))
