# expect: failed jit "少了括号" not "tanh"
# expect.en: "without parentheses" not "tanh"
# 错误示范:x > 0 那一支的分母忘了加括号,x / 1.0 + x 实际算的是 2x。
def soft_sign(x):
    return jnp.where(x > 0, x / 1.0 + x, x / (1.0 - x))
