# expect: failed per_sample "只追加了一次"
# expect.en: "appended to only once"
# 错误示范:换成全局整数计数。vmap 只追踪一次,计数只加了一次,每个样本拿到的还是同一个数。
n_seen = 0


def tick(count, v):
    global n_seen
    n_seen += 1
    return n_seen, v + 1
