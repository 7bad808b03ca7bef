# expect: failed jit "x > 0 时算出来的是别的值" not "if" "x ≤ 0 时算出来" "对调"
# expect.en: "for x > 0 the function computes something else" not "if" "for x ≤ 0 the function computes" "swapped"
# 错误示范:x > 0 那一支抄成了导数的分母 (1 + x)²,x ≤ 0 那一支是对的。
def soft_sign(x):
    return jnp.where(x > 0, x / (1.0 + x) ** 2, x / (1.0 - x))
