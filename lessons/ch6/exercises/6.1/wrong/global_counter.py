# expect: failed jit_loop
# 用全局变量保存计数:jit 只在追踪时执行一次 Python 代码,之后计数就卡住了。
total = 0


def update_counter(count, increment):
    global total
    total = total + 1
    return total, increment
