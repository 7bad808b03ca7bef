# expect: failed jit "静态" "哈希"
# expect.en: "static" "hashable"
# 错误示范(把症状压下去的错误办法):把 x 标成静态参数,让 if 看到具体值。
# 可数组和追踪值都不可哈希,jit 根本收不下这样的静态参数。
def _soft_sign(x):
    if x > 0:
        return x / (1.0 + x)
    return x / (1.0 - x)


soft_sign = jax.jit(_soft_sign, static_argnums=0)
