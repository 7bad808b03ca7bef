# expect: failed value "乘上了它自己" "x³²"
# expect.en: "multiplies the running product by itself" "x³²"
# 错误示范:循环体写成了 acc * acc,从 x 开始平方 5 次,得到 x 的 32 次方而不是 5 次方。
def power5(x):
    def square_it(_step, product):
        return product * product

    return lax.fori_loop(0, 5, square_it, x)
