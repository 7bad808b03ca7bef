# expect: failed value "x⁶" "从 x 而不是 1 开始" not "少乘"
# expect.en: "x⁶" "starts at x" not "too few"
# 错误示范:累乘的初值直接取了 x,五次之后多出一个因子。
def power5(x):
    def times_x(i, prod):
        return prod * x

    return lax.fori_loop(0, 5, times_x, x)
