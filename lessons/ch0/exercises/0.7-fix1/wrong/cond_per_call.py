# expect: failed array "单个布尔值"
# expect.en: "a single boolean"
# 错误示范:if 换成了 lax.cond;标量在 jit 下没问题,vmap 也会把它改写成逐元素选择,可直接对数组调用时条件不是单个布尔值。
from jax import lax


def soft_sign(x):
    def above(v):
        return v / (1.0 + v)

    def below(v):
        return v / (1.0 - v)

    return lax.cond(x > 0, above, below, x)
