# expect: failed loop "展开"
# expect.en: "unrolled"
# 错误示范:Python 的 for 循环。能求导,但追踪时被展开成 5 次乘法,步数一大程序就跟着变大。
def power5(x):
    acc = 1.0
    for _ in range(5):
        acc = acc * x
    return acc
