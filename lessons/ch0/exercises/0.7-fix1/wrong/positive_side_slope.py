# expect: failed jit "x > 0 的那一支算错了" not "if" "x ≤ 0 的那一支" "对调"
# expect.en: "the branch for x > 0 computes something else" not "if" "the branch for x ≤ 0 computes" "swapped"
# 错误示范:x > 0 那一支抄成了导数的分母 (1 + x)²,x ≤ 0 那一支是对的。
def soft_sign(x):
    return jnp.where(x > 0, x / (1.0 + x) ** 2, x / (1.0 - x))
