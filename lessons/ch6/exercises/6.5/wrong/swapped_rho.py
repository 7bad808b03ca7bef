# expect: failed step1 "ρ 和 1 − ρ 放反了" not "更新前的 s" "没有乘学习率"
# expect.en: "ρ and 1 − ρ are swapped" not "from before its update" "learning rate lr is missing"
# 把 rho 当成“新梯度的权重”:s ← (1 − ρ)·s + ρ·g²,旧的 s 几乎被忘掉。


class RMSState(NamedTuple):  # 唯一的状态
    sq_avg: dict  # s


def rmsprop(lr,  # 学习率
            rho=0.9, eps=1e-8):
    def init(tree):
        return RMSState(jax.tree.map(jnp.zeros_like, tree))

    def update(grads, opt_state,  # 接口同 sgd_momentum
               params=None):
        avg = jax.tree.map(lambda old, g: (1.0 - rho) * old + rho * jnp.square(g),
                           opt_state.sq_avg, grads)
        delta = jax.tree.map(lambda g, v: -lr * g / (jnp.sqrt(v) + eps), grads, avg)
        return delta, RMSState(avg)

    return Optimizer(init=init, update=update)


trainer = make_train(rmsprop(lr=0.003), num_steps=1000)
_, _, rms_losses = trainer(params0, X, Y)
