# expect: failed eager "新计数等于 count + increment"
# expect.en: "The new count equals count + increment"
# 错误示范:误以为第二个参数是“步长”,把它加到了计数上。
# 题目要求计数每次固定加一,第二个参数只是原样交回的辅助输出;
# 从 0 开始、依次传 0…4 时,这样写会得到 0、1、3、6、10,而不是 1…5。
def update_counter(c, step_size):
    return c + step_size, step_size
