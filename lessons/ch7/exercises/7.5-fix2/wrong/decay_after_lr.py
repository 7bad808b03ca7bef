# expect: failed decay "学习率之后" "(1 + wd)^20 倍"
# expect.en: "after the learning rate" "(1 + wd)^20 over 20 steps"
# 错误示范:衰减放到了学习率之后,加上的是 +wd·θ(没有乘 −lr),参数反而越来越大。
def make_adamw(lr, wd):
    direction = scale_by_adam()
    shrink = add_decayed_weights(wd)
    step_size = scale_by_learning_rate(lr)
    return chain(direction, step_size, shrink)
