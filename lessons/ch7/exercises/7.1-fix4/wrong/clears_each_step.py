# expect: failed compiles "jax.clear_caches()" not "参数都不一样"
# expect.en: "jax.clear_caches()" not "differ at every step"
# isolated: 调用 jax.clear_caches(),清空整个进程的编译缓存
# 错误示范:类型已经统一,可每一步之后都清一次缓存,8 步编译 8 次。
PEAK = 0.1


def lr_at(k):
    value = PEAK * (k + 1) / 4 if k < 4 else PEAK
    return jnp.asarray(value, jnp.float32)


@jax.jit
def sgd_step(p, g, lr):
    return p - lr * g


def train(p, grads):
    for k, g in enumerate(grads):
        p = sgd_step(p, g, lr_at(k))
        jax.clear_caches()
    return p
