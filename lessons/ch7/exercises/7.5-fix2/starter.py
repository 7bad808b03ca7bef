# 修复练习:权重衰减的量和参数大小无关。
# 改到检查通过为止(Ctrl+T 看提示)。


def make_adamw(lr, wd):
    shrink = add_decayed_weights(wd)           # λθ 加进了梯度……
    direction = scale_by_adam()                # ……再交给 Adam
    step_size = scale_by_learning_rate(lr)
    return chain(shrink, direction, step_size)
