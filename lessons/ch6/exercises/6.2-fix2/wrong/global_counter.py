# expect: failed per_sample "新计数与传进来的 count 无关" not "只追加了一次"
# expect.en: "does not depend on the count passed in" not "appended to only once"
# 错误示范:换成全局整数计数。vmap 对整批只执行一次函数体,计数每次调用只加一次,每个样本拿到的还是同一个数。
# 这里没有列表,消息不能说“列表只追加了一次”。
n_seen = 0


def tick(count, v):
    global n_seen
    n_seen += 1
    return n_seen, v + 1
