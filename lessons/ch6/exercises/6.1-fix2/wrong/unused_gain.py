# expect: failed argument "没用参数 g"
# expect.en: "ignores its argument g"
# 错误示范:给 amplify 加了第二个参数,函数体里乘的却还是模块级的 LEVEL。
LEVEL = 2.0


@jax.jit
def amplify(x, g):
    return x * LEVEL


def amplify_all(x, gains):
    return jnp.stack([amplify(x, g) for g in gains])
