# expect: failed pure "visits"
# expect.en: "visits"
# 错误示范(把症状压下去的错误办法):用 jax.debug.callback 让每个样本运行时都回到 Python 追加一次。
# 列表长度对了,可状态仍然藏在函数外面,每次调用都在往列表里塞东西。
visits = []


def tick(count, v):
    jax.debug.callback(visits.append, v)
    return count + 1, v + 1
