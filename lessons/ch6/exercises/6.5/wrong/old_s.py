# expect: failed step1 "更新前的 s" not "放反了" "没有乘学习率"
# expect.en: "s from before its update" not "swapped" "learning rate lr is missing"
# 先用传入的旧 s 算增量,再更新 s:第一步的 s 还是 0,增量变成 −lr·g/ε,大得离谱。


class RMSState(NamedTuple):  # 唯一的状态
    sq_avg: dict  # s


def rmsprop(lr,  # 学习率
            rho=0.9, eps=1e-8):
    def init(tree):
        return RMSState(jax.tree.map(jnp.zeros_like, tree))

    def update(grads, opt_state,  # 接口同 sgd_momentum
               params=None):
        delta = jax.tree.map(lambda g, v: -lr * g / (jnp.sqrt(v) + eps), grads, opt_state.sq_avg)
        avg = jax.tree.map(lambda old, g: rho * old + (1.0 - rho) * jnp.square(g),
                           opt_state.sq_avg, grads)
        return delta, RMSState(avg)

    return Optimizer(init=init, update=update)


trainer = make_train(rmsprop(lr=0.003), num_steps=1000)
_, _, rms_losses = trainer(params0, X, Y)
