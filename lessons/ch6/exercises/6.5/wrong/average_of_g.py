# expect: failed step1 "对梯度 g 本身做滑动平均" not "ε 放进了根号里"
# expect.en: "moving average of the gradient g itself" not "ε went inside"
# 错误示范:滑动平均里放的是梯度本身而不是它的平方,s 会变成负数。


class RMSState(NamedTuple):  # 唯一的状态
    sq_avg: dict  # s


def rmsprop(lr,  # 学习率
            rho=0.9, eps=1e-8):
    def init(tree):
        return RMSState(jax.tree.map(jnp.zeros_like, tree))

    def update(grads, opt_state,  # 接口同 sgd_momentum
               params=None):
        avg = jax.tree.map(lambda old, g: rho * old + (1.0 - rho) * g,
                           opt_state.sq_avg, grads)
        delta = jax.tree.map(lambda g, v: -lr * g / (jnp.sqrt(v) + eps), grads, avg)
        return delta, RMSState(avg)

    return Optimizer(init=init, update=update)


trainer = make_train(rmsprop(lr=0.003), num_steps=1000)
_, _, rms_losses = trainer(params0, X, Y)
