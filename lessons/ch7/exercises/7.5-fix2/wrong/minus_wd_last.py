# expect: failed decay "每步减去的是 wd·θ" not "期望值的"
# expect.en: "removes wd·θ instead of lr·wd·θ" not "× the expected"
# 错误示范:发现衰减放在学习率之后会让参数变大,就把 wd 改成负的留在链尾:参数是缩小了,可每步缩掉 wd·θ,没乘学习率。
def make_adamw(lr, wd):
    moments = scale_by_adam()
    step = scale_by_learning_rate(lr)
    shrink = add_decayed_weights(-1.0 * wd)
    return chain(moments, step, shrink)
