# expect: failed values "增益被加到了 x 上"
# expect.en: "the gain was added to x"
# 错误示范:增益作为参数传进来,做法是对的,可它被加到 x 上,没有乘上去。


@jax.jit
def amplify(x, gain):
    return gain + x


def amplify_all(x, gains):
    return jnp.stack([amplify(x, g) for g in gains])
