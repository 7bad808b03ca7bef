# expect: failed eager
# 辅助输出放错了:返回的是旧计数,而不是传入的 increment。
def update_counter(count, increment):
    return count + 1, count
