# expect: failed per_sample "v + count + 1" not "v 本身"
# expect.en: "v + count + 1" not "v itself"
# 错误示范:计数对了,输出却把新的计数也加了进去,v + (count + 1) 而不是 v + 1。
def tick(count, v):
    bumped = count + 1
    return bumped, v + bumped
