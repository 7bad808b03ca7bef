# expect: failed values "输出的是旧的 carry" not "截断"
# expect.en: "the body outputs the old carry" not "truncated"
# 错误示范:循环体先把还没加上 x 的累计交出去,再更新 carry,得到的是“不含自己”的前缀和。
def running_total(xs):
    def step(carry, x):
        out = carry
        return carry + x, out

    return lax.scan(step, jnp.zeros((), xs.dtype), xs)
