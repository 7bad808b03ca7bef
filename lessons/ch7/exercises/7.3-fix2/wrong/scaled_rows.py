# expect: failed mode "diag(1 − tanh²)·A" not "同时带着全部 n 个输入方向"
# expect.en: "diag(1 − tanh²)·A" not "carries all n input directions at once"
# 错误示范:不调用任何求导函数,照链式法则手写雅可比:先把 A 的每一行乘上 tanh 的导数,再左乘 B。结果对,中间却有一个 h×n 的矩阵。
def sensitivities(x, A, B):
    slope = 1.0 - jnp.tanh(A @ x) ** 2
    rows = A * slope[:, None]
    return B @ rows
