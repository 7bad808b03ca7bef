# expect: failed jit "x ≤ 0 时算出来的是别的值" not "那一支"
# expect.en: "for x ≤ 0 the function computes something else" not "the branch for"
# 错误示范:想用 jnp.sign 省掉分支,写成 sign(x) · x / (1 + x)。代码里根本没有分支,
# 提示不能说"x ≤ 0 的那一支算错了",只说 x ≤ 0 时算出来的值不对、那里应为多少。
def soft_sign(x):
    return jnp.sign(x) * x / (1.0 + x)
