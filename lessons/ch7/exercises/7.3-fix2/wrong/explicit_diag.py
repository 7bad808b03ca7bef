# expect: failed mode "对角矩阵" not "同时带着全部 n 个输入方向"
# expect.en: "diagonal matrix" not "carries all n input directions at once"
# 错误示范:不用自动微分,手写链式法则,中间造了一个 24×24 的对角矩阵。
# 值是对的,但程序里的中间数组比结果大;这和按输入方向展开的 jacfwd 不是同一个问题。
def sensitivities(x, A, B):
    slope = 1.0 - jnp.tanh(A @ x) ** 2
    return B @ jnp.diag(slope) @ A
