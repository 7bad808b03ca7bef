# expect: failed eager "新计数等于 increment + 1"
# expect.en: "The new count equals increment + 1"
# 错误示范:只盯着题目里的那个循环“凑”答案——从 0 出发、第 i 次传入 i 时,
# i + 1 恰好等于新计数。可是新状态必须由旧状态算出来:换一个起点就全错了。
def update_counter(c, extra):
    return extra + 1, extra
