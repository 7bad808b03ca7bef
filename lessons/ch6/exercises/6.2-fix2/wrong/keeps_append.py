# expect: failed pure "visits"
# expect.en: "visits"
# 错误示范:计数改对了,可函数里还在往外部列表追加,列表里留下了 tracer。
visits = []


def tick(count, v):
    visits.append(v)
    return count + 1, v + 1
