# expect: failed decay "L2" "向 0 靠近了约" not "都减少了"
# expect.en: "L2" "towards 0" not "decreased"
# 错误示范:手写了一个把 wd·θ 加进梯度的变换,放在 Adam 前面。还是 L2 + Adam。
def make_adamw(lr, wd):
    def plus_penalty(grads, st, params=None):
        penalised = jax.tree.map(lambda grad, theta: grad + wd * theta, grads, params)
        return penalised, st

    penalty = GradientTransformation(init=lambda tree: EmptyState(), update=plus_penalty)
    direction = scale_by_adam()
    step_size = scale_by_learning_rate(lr)
    return chain(penalty, direction, step_size)
