# expect: failed eager
# 把 increment 当成步长加到计数上(题目要求计数固定加 1)。
def update_counter(count, increment):
    return count + increment, increment
