# expect: failed one_compile "编译"
# expect.en: "compiled"
# 错误示范:中间量在 jit 外面再算一遍。数值对,可同样的计算做了两遍,外面那遍逐个运算地执行。
@jax.jit
def normalize(x):
    centered = x - jnp.mean(x)
    return centered / jnp.std(x)


def normalize_and_center(x):
    return normalize(x), x - jnp.mean(x)
