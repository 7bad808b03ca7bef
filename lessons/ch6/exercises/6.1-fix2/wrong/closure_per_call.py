# expect: failed argument "每次调用都得到了一个新的 jit 函数" not "clear_caches"
# expect.en: "every call got a new jitted function" not "clear_caches"
# 错误示范:每次调用现包一个捕获 gain 的新 jit 函数。结果对,可每次调用都重新编译。
def amplify(x, gain):
    return jax.jit(lambda v: v * gain)(x)


def amplify_all(x, gains):
    return jnp.stack([amplify(x, g) for g in gains])
