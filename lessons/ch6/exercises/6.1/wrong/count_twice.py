# expect: failed eager "加了两次" not "原样交回"
# expect.en: "added twice" not "unchanged"
# 错误示范:新计数写成了 n + n + 1,旧计数多加了一遍。
def update_counter(n, inc):
    return n + n + 1, inc
