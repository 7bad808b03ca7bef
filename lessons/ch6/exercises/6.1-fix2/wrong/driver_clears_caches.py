# expect: failed driver "去掉 jax.clear_caches()" not "增益作为参数传给 amplify"
# expect.en: "Remove the jax.clear_caches() call" not "pass the gain to amplify as an argument"
# isolated: 每次调用 amplify_all 都执行 jax.clear_caches(),清空整个进程的编译缓存
# 错误示范:amplify 已经用参数接收增益,可 amplify_all 每次开头都清一遍缓存,"免得用到旧的程序",
# 于是每次调用 amplify_all 都重新编译。提示只能让它去掉清缓存,不能再建议"把增益作为参数传进去"。
@jax.jit
def amplify(x, gain):
    return x * gain


def amplify_all(x, gains):
    jax.clear_caches()
    rows = [amplify(x, g) for g in gains]
    return jnp.stack(rows)
