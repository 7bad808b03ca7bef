# expect: error jit_loop
# 把计数转成 Python int:不加 jit 能跑,jit 下 count 是追踪值,int() 会报错。
def update_counter(count, increment):
    return int(count) + 1, increment
