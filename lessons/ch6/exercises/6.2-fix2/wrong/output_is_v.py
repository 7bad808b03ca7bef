# expect: failed per_sample "就是传进来的 v 本身"
# expect.en: "output is v itself"
# 错误示范:计数改对了,第二个返回值却原样交回 v,忘了加 1。
def tick(count, v):
    bumped = 1 + count
    return bumped, v
