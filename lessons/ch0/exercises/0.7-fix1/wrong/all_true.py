# expect: failed jit "if" not "x ≤ 0 的分支"
# expect.en: "if" not "branch for x ≤ 0"
# 错误示范:以为把条件变成“整批都大于 0”就行。jnp.all 的结果仍是追踪值,if 还是没法判断。
def soft_sign(x):
    if jnp.all(x > 0):
        return x / (1.0 + x)
    return x / (1.0 - x)
