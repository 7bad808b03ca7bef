# expect: failed driver "其中没有 amplify" not "增益作为参数传给 amplify"
# expect.en: "None of them is amplify" not "pass the gain to amplify as an argument"
# 错误示范:amplify 本身是对的,可 amplify_all 没有用它,而是每次进来都用
# jax.jit 包一个新的乘法函数。同一个函数对象才共用编译缓存,于是每次调用都要重新编译。


@jax.jit
def amplify(x, gain):
    return x * gain


def amplify_all(x, gains):
    def times(a, b):
        return a * b

    fast = jax.jit(times)
    return jnp.stack([fast(x, gain) for gain in gains])
