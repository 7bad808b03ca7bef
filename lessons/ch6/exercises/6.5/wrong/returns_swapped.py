# expect: error load "update 返回的两项顺序反了" not "要求每棵树和第一棵结构相同"
# expect.en: "update returns its two items in the other order" not "need every tree to have the structure of the first"
# 错误示范:update 返回 (新状态, 更新量),顺序反了。文件在 make_train 那一行就抛出 pytree 结构错误;
# 通用提示只讲各棵树结构要一致,这里调用 update 算出第二项才是更新量,就直说顺序反了。


class RMSState(NamedTuple):  # RMSProp 只有一项状态
    sq_avg: dict  # 梯度平方的滑动平均 s


def rmsprop(lr,  # 学习率
            rho=0.9, eps=1e-8):
    def init(tree):
        return RMSState(jax.tree.map(jnp.zeros_like, tree))

    def update(grads, opt_state,  # 与 sgd_momentum 相同的接口
               params=None):
        avg = jax.tree.map(lambda old, g: rho * old + (1.0 - rho) * jnp.square(g),
                           opt_state.sq_avg, grads)
        delta = jax.tree.map(lambda g, v: -lr * g / (jnp.sqrt(v) + eps), grads, avg)
        return RMSState(avg), delta

    return Optimizer(init=init, update=update)


trainer = make_train(rmsprop(lr=0.003), num_steps=1000)  # 1000 步编译成一个程序
_, _, rms_losses = trainer(params0, X, Y)

