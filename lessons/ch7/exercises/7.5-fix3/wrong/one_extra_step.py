# expect: failed values "走了 31 步" not "不一致"
# expect.en: "after 31 steps" not "do not match"
# 错误示范:状态串对了,可 while 循环的条件写成 k <= steps,从 0 数起就多走了一步。
def fit(theta, grad_fn, lr, steps):
    opt = adam(lr)
    opt_state = opt.init(theta)
    k = 0
    while k <= steps:
        step, opt_state = opt.update(grad_fn(theta), opt_state, theta)
        theta = apply_updates(theta, step)
        k += 1
    return theta, opt_state
