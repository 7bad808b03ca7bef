# expect: failed decay "lr²·wd"
# expect.en: "lr²·wd"
# 错误示范:以为 AdamW 的衰减是 lr·wd·θ,就先把 lr 乘进衰减系数,后面的学习率又乘了一遍。
def make_adamw(lr, wd):
    shrink = add_decayed_weights(wd * lr)
    return chain(scale_by_adam(), shrink, scale_by_learning_rate(lr))
