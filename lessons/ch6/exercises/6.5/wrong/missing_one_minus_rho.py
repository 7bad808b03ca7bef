# expect: failed step1 "漏了 (1 − ρ)" not "更新前的 s" "放反了" "没有乘学习率"
# expect.en: "lacks (1 − ρ)" not "from before its update" "swapped" "learning rate lr is missing"
# 梯度平方前漏了 (1 - rho):s 被放大,步长变小。


class RMSState(NamedTuple):  # 唯一的状态
    sq_avg: dict  # s


def rmsprop(lr,  # 学习率
            rho=0.9, eps=1e-8):
    def init(tree):
        return RMSState(jax.tree.map(jnp.zeros_like, tree))

    def update(grads, opt_state,  # 接口同 sgd_momentum
               params=None):
        avg = jax.tree.map(lambda old, g: rho * old + jnp.square(g), opt_state.sq_avg, grads)
        delta = jax.tree.map(lambda g, v: -lr * g / (jnp.sqrt(v) + eps), grads, avg)
        return delta, RMSState(avg)

    return Optimizer(init=init, update=update)


trainer = make_train(rmsprop(lr=0.003), num_steps=1000)
_, _, rms_losses = trainer(params0, X, Y)
