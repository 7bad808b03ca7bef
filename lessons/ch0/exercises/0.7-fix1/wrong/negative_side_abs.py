# expect: failed jit "x ≤ 0 的那一支算错了" not "if" "原样返回" "走了 x"
# expect.en: "the branch for x ≤ 0 computes something else" not "if" "as x itself" "took the branch"
# 错误示范:以为负数那一支也要取绝对值,结果负数的符号丢了,x ≤ 0 时全是非负数。
def soft_sign(x):
    return jnp.where(x > 0, x / (1.0 + x), jnp.abs(x) / (1.0 - x))
