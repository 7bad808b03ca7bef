# expect: failed value "循环下标 i"
# expect.en: "loop index i"
# 初值是 1,可循环体乘的是下标 i 而不是 x:第一步 i = 0,乘积从此为 0。
def power5(x):
    def body(i, acc):
        return acc * i

    return lax.fori_loop(0, 5, body, jnp.ones_like(x))
