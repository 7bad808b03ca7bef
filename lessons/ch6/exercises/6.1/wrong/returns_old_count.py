# expect: failed eager "第二个返回值是旧计数"
# expect.en: "The second return value is the old count"
# 错误示范:辅助输出放错了位置——交回的是旧计数,而不是调用者传进来的第二个参数。
# 新计数本身是对的,所以只看第一个返回值时发现不了这个错误。
def update_counter(c, extra):
    return c + 1, c
