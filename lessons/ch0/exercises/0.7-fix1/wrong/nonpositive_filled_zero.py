# expect: failed jit "结果处处为 0" not "没加括号导致"
# expect.en: "the result is 0 everywhere" not "without parentheses the division comes first"
# 错误示范:if 换成了 jnp.where,可 x ≤ 0 那一支整个丢了,where 在那里直接填 0。
def soft_sign(x):
    positive = x > 0
    return jnp.where(positive, x / (1.0 + x), jnp.zeros_like(x))
