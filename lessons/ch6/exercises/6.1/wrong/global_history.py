# expect: failed pure "改动了模块级变量 seen_counts"
# expect.en: "changed module-level variables: seen_counts"
# 错误示范:顺手把每次的计数记进一个全局列表,方便事后查看。
# 返回值本身是对的,可函数已经不纯了:在 jit 里这行只在追踪时执行,列表里存进去的是追踪值,而不是每一步的计数。
seen_counts = []


def update_counter(c, extra):
    bumped = c + 1
    seen_counts.append(bumped)
    return bumped, extra
