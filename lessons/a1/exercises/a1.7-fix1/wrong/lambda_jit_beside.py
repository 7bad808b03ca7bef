# expect: failed one_compile "每次都重新编译了一遍" not "逐个运"
# expect.en: "built anew on each call" not "operation by operation"
# 错误示范:normalize 是定义一次的 jit 函数,可中间结果另用 jax.jit(lambda ...) 在每次调用时现包一个新 jit 函数去算,
# 于是每次调用都重新编译那个 lambda。
@jax.jit
def normalize(x):
    return (x - jnp.mean(x)) / jnp.std(x)


def normalize_and_center(x):
    offset = jax.jit(lambda v: v - jnp.mean(v))(x)
    return normalize(x), offset
