# expect: failed jit "多了一个负号" not "if" "对调"
# expect.en: "has an extra minus sign" not "if" "swapped"
# 错误示范:以为负数那一支要“翻正”,在分子前多加了一个负号。
def soft_sign(x):
    return jnp.where(x <= 0, -(x / (1.0 - x)), x / (1.0 + x))
