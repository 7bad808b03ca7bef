# expect: failed one_compile "逐个运算"
# expect.en: "operation by operation"
# 错误示范(把症状压下去的错误办法):去掉 @jax.jit,列表里存的就是普通数组了,报错消失。
# 可计算不再编译,每次调用逐个运算地执行,全局列表还在不停变长。
stash = []


def normalize(x):
    centered = x - jnp.mean(x)
    stash.append(centered)
    return centered / jnp.std(x)


def normalize_and_center(x):
    z = normalize(x)
    return z, stash[-1]
