# expect: failed values "漏了 tanh 的导数"
# expect.en: "the derivative of tanh"
# 错误示范:手推公式时漏了 tanh 的导数,直接返回 A @ v。
def directional(x, A, v):
    return A @ v
