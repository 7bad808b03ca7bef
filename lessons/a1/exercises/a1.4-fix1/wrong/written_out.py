# expect: failed loop "4 次乘法" not "展开成了 5 次"
# expect.en: "multiplies 4 times in a row" not "unrolled 5 times"
# 干脆把连乘手写出来:x·x·x·x·x。数值和梯度都对,但程序里没有循环,只有 4 次乘法。
# 提示只能说程序里有几次乘法、没有循环,不能说“乘法被展开成了 5 次”。
def power5(x):
    return x * x * x * x * x
