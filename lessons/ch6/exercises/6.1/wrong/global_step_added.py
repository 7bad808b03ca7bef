# expect: failed eager "取决于函数在调用之间自己保存的状态" not "而不是参数 count"
# expect.en: "depends on state the function keeps between calls" not "not from the argument count"
# 错误示范:参数 count 用上了,可加上去的不是 1,而是一个每次调用都加 1 的全局变量。
_bumps = 0


def update_counter(current, passed_through):
    global _bumps
    _bumps = _bumps + 1
    bumped = current + _bumps
    return bumped, passed_through
