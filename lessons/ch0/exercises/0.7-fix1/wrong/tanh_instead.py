# expect: failed jit "tanh(x)"
# expect.en: "tanh(x)"
# 错误示范:想要一条光滑的、落在 (−1, 1) 里的曲线,就换成了双曲正切,没有照题目给的公式写。


def soft_sign(x):
    e = jnp.exp(2.0 * x)
    return (e - 1.0) / (e + 1.0)
