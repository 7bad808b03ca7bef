# expect: failed eager "又是新的计数" not "旧计数"
# expect.en: "the new count again" not "old count"
# 错误示范:辅助输出写成了新的计数本身,而不是传进来的 increment。
def update_counter(c, inc):
    bumped = c + 1
    return bumped, bumped
