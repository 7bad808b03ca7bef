# expect: failed losses "只是一个数"
# expect.en: "is a single number"
# 只保存了最后一步的损失:rms_losses 应是 1000 步的逐步损失。


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


trainer = make_train(rmsprop(lr=0.003), num_steps=1000)
_, _, trace = trainer(params0, X, Y)
rms_losses = trace[-1]
