# expect: failed decay "衰减了两次" not "应是初值"
# expect.en: "decays twice" not "should be the initial value"
# 错误示范:解耦衰减加对了位置,可 Adam 前面原来那一份 L2 衰减忘了删,两份都在。
def make_adamw(lr, wd):
    old_l2 = add_decayed_weights(wd)
    decoupled = add_decayed_weights(wd)
    return chain(old_l2, scale_by_adam(), decoupled, scale_by_learning_rate(lr))
