# 参考答案:先算 Adam 的方向,再加 wd·θ,最后乘 −lr(解耦的权重衰减)。


def make_adamw(lr, wd):
    direction = scale_by_adam()
    shrink = add_decayed_weights(wd)
    step_size = scale_by_learning_rate(lr)
    return chain(direction, shrink, step_size)
