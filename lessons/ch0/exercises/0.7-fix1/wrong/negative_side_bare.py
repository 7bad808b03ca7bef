# expect: failed jit "原样返回了 x" not "if" "走了 x" "这一侧的分母成了 1"
# expect.en: "come back as x itself" not "if" "took the branch" "the denominator on that side became 1"
# 错误示范:jnp.where 用对了,x ≤ 0 的那一支却只写了分子,负数原样交了回去。
def soft_sign(x):
    positive = x / (1.0 + x)
    return jnp.where(x > 0, positive, x)
