# expect: failed decay "没有衰减"
# expect.en: "there is no decay"
# 错误示范(压下症状的错误办法):干脆把衰减去掉,只剩 Adam。
def make_adamw(lr, wd):
    direction = scale_by_adam()
    step_size = scale_by_learning_rate(lr)
    return chain(direction, step_size)
