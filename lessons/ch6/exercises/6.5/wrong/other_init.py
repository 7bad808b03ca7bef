# expect: failed task "训练要从上下文的 params0 出发"
# expect.en: "training starts from the context's params0"
# 没有从 params0 出发,而是自己重新初始化了一套参数:rms_losses 不再是本章任务的训练曲线。


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


my_start = init_mlp(jax.random.key(42))
trainer = make_train(rmsprop(lr=0.003), num_steps=1000)
_, _, rms_losses = trainer(my_start, X, Y)
