# expect: failed values "0/ε"
# expect.en: "0/ε"
# 错误示范(压下症状的错误办法):分母加一个小数,不再有 0/0,可 x = 0 处的值成了 0。
def sinc(x):
    return jnp.sin(x) / (x + 1e-12)
