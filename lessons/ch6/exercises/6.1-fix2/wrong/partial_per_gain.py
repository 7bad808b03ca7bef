# expect: failed driver "包进一个新的 jit 函数" not "增益作为参数传给 amplify 即可"
# expect.en: "wraps amplify in a new jitted function" not "pass the gain to amplify as an argument"
# 错误示范:每个增益都用 partial 固定进 amplify,再现造一个 jit 函数,每次调用都重新编译。
from functools import partial

@jax.jit
def amplify(x, gain):
    return x * gain


def amplify_all(x, gains):
    return jnp.stack([jax.jit(partial(amplify, gain=g))(x) for g in gains])
