# expect: failed values "x / (x + ε)"
# expect.en: "x / (x + ε)"
# 错误示范:把 where 去掉,分母加一个极小的数“防止除以 0”;0 处成了 0/ε = 0,而不是极限 1。
def sinc(x):
    shifted = x + 1e-30
    return jnp.sin(x) / shifted
