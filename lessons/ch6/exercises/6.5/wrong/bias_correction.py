# expect: failed step1 "偏差修正"
# expect.en: "bias-corrected"
# 错误示范:照着 Adam 给 s 加了偏差修正 s / (1 − ρᵗ)。
# 第 1 步的结果恰好和“漏了 (1 − ρ)”一样(都等于用 g² 当 s),第 2 步起两者才分开;
# 本题的 RMSProp 不做偏差修正。


class RMSState(NamedTuple):  # s 和步数
    sq_avg: dict  # s
    count: jax.Array  # 已经更新的次数


def rmsprop(lr,  # 学习率
            rho=0.9, eps=1e-8):
    def init(tree):
        return RMSState(jax.tree.map(jnp.zeros_like, tree), jnp.zeros((), jnp.int32))

    def update(grads, opt_state,  # 接口同 sgd_momentum
               params=None):
        t = opt_state.count + 1
        avg = jax.tree.map(lambda old, g: rho * old + (1.0 - rho) * jnp.square(g),
                           opt_state.sq_avg, grads)
        fix = 1.0 - rho ** t
        delta = jax.tree.map(lambda g, v: -lr * g / (jnp.sqrt(v / fix) + eps), grads, avg)
        return delta, RMSState(avg, t)

    return Optimizer(init=init, update=update)


trainer = make_train(rmsprop(lr=0.003), num_steps=1000)
_, _, rms_losses = trainer(params0, X, Y)
