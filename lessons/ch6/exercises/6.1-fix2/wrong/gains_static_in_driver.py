# expect: failed driver "缓存的键" not "现造一个自己的 jit 函数"
# expect.en: "part of what jit caches on" not "builds a jitted function of its own"
# 错误示范:amplify 没问题,但 amplify_all 把整组增益作为元组交给一个 static_argnums 的 jit 函数,每组新增益都重新编译。
from functools import partial
@jax.jit
def amplify(x, gain):
    return x * gain


@partial(jax.jit, static_argnums=1)
def _all(x, gains):
    return jnp.stack([amplify(x, g) for g in gains])

def amplify_all(x, gains):
    return _all(x, tuple(gains))
