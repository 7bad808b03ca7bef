# expect: failed curve "Adam(lr=0.003) 的训练曲线"
# expect.en: "the training curve of Adam(lr=0.003)"
# 错误示范:rmsprop 写对了,训练时却顺手用了上下文里现成的 adam。
# rms_losses 的形状、初始损失都没问题,最后也降得很低,可它根本不是 RMSProp 的训练曲线。


class RMSState(NamedTuple):  # 唯一的状态
    sq_avg: dict  # s


def rmsprop(lr,  # 学习率
            rho=0.9, eps=1e-8):
    def init(tree):
        return RMSState(jax.tree.map(jnp.zeros_like, tree))

    def update(grads, opt_state,  # 接口同 sgd_momentum
               params=None):
        avg = jax.tree.map(lambda old, g: rho * old + (1.0 - rho) * jnp.square(g),
                           opt_state.sq_avg, grads)
        delta = jax.tree.map(lambda g, v: -lr * g / (jnp.sqrt(v) + eps), grads, avg)
        return delta, RMSState(avg)

    return Optimizer(init=init, update=update)


trainer = make_train(adam(0.003), num_steps=1000)  # 错误所在:这里应该是 rmsprop(0.003)
_, _, rms_losses = trainer(params0, X, Y)
