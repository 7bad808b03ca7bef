# expect: failed counts "新计数与传进来的 count 无关" not "改全局变量是 Python 的副作用"
# expect.en: "does not depend on the count passed in" not "changing a global variable is a Python side effect"
# 错误示范:删掉了全局变量,却在函数体里把 count 重新设成 0,于是每次都返回 1。
# 这里没有全局变量的副作用,消息不能把停住的计数归到“改全局变量”上。
@jax.jit
def tally(count, x):
    count = 0
    return count + 1, 2 * x
