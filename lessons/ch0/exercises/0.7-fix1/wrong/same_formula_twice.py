# expect: failed jit "x ≤ 0 的元素也用了" not "if" "走了" "对调"
# expect.en: "the elements with x ≤ 0 got the formula" not "if" "took the branch" "swapped"
# 错误示范:jnp.where 的条件写对了,可两个分支抄成了同一个分母 1 + x,负数那一边也按正数的公式算。
import jax.numpy as jnp


def soft_sign(x):
    positive = x / (1.0 + x)
    nonpositive = x / (x + 1.0)
    return jnp.where(x > 0, positive, nonpositive)
