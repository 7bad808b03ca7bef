# expect: failed per_sample "顺序反了" not "只追加了一次"
# expect.en: "in the other order" not "appended to only once"
# 错误示范:新计数和输出都算对了,返回时却先放了输出、后放计数。
def tick(count, v):
    new_count = count + 1
    out = v + 1
    return out, new_count
