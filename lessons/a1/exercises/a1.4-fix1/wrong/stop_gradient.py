# expect: failed grad "恒为 0"
# expect.en: "always 0"
# 错误示范(把症状压下去的错误办法):给 while_loop 的结果套上 stop_gradient,grad 不报错了,
# 可梯度也被截断成了 0。
def power5(x):
    def one_more(state):
        k, acc = state
        return k + 1, acc * x

    return lax.stop_gradient(lax.while_loop(lambda s: s[0] < 5, one_more, (0, 1.0))[1])
