# expect: failed argument "一次也没有被编译" not "每个增益现包"
# expect.en: "never compiled" not "around each gain"
# 错误示范:amplify 没有 jit;amplify_all 每次被调用时现包一个 jit 函数,同一次调用里的几个增益共用它。
# 一次调用里编译的几个不同程序,不是每个增益一个 jit。
def amplify(x, gain):
    return x * gain


def amplify_all(x, gains):
    scaled = jax.jit(lambda arr, k: amplify(arr, k))
    return jnp.stack([scaled(x, k) for k in gains])
