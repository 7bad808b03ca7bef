# expect: failed counts "x 被平方了"
# expect.en: "x was squared"
# 错误示范:计数照常作为参数进出,可第二个返回值写成了 x 乘 x,成了平方而不是两倍。


@jax.jit
def tally(count, x):
    doubled = x**2
    return count + 1, doubled
