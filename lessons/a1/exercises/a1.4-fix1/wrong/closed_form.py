# expect: failed loop "循环"
# expect.en: "loop"
# 错误示范:干脆不用循环,直接 x ** 5。数值和梯度都对,但本题练的是能求导的循环。
def power5(x):
    return x ** 5
