# expect: failed per_sample "两个参数的顺序反了" not "只追加了一次"
# expect.en: "the two parameters are the other way round" not "appended to only once"
# 错误示范:参数写成了 tick(v, count),返回的 (count + 1, v + 1) 照着自己的名字写是对的。
# 从外面调用看,它和返回顺序写反无法区分,提示不能只让人改返回值,要把参数顺序也说到。
def tick(v, count):
    return count + 1, v + 1
