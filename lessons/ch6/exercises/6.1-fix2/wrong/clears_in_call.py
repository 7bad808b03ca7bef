# expect: failed argument "jax.clear_caches()" not "新的 jit 函数"
# expect.en: "jax.clear_caches()" not "new jitted function"
# isolated: 调用 jax.clear_caches(),清空的是整个进程的编译缓存
# 错误示范:增益已经是参数了,却在每次调用前清空 jax 的缓存(想“确保”读到新值)。
# 结果对,可每次调用都只能重新编译。
@jax.jit
def _amplify(x, gain):
    return x * gain


def amplify(x, gain):
    jax.clear_caches()
    return _amplify(x, gain)


def amplify_all(x, gains):
    return jnp.stack([amplify(x, g) for g in gains])
