# expect: failed curve "学习率 0.03" not "Adam"
# expect.en: "learning rate 0.03" not "Adam"
# 错误示范:优化器本身写对了,训练时学习率却多乘了 10(0.03 而不是 0.003)。


class SquareAvg(NamedTuple):
    avg: dict


def rmsprop(lr, rho=0.9, eps=1e-8):
    def init(params):
        return SquareAvg(avg=jax.tree.map(lambda p: jnp.zeros_like(p), params))

    def update(grads, state, params=None):
        def one(s, g):
            s_new = rho * s + (1 - rho) * g * g
            return s_new, -(lr * g) / (jnp.sqrt(s_new) + eps)

        pairs = jax.tree.map(one, state.avg, grads)
        is_pair = lambda x: isinstance(x, tuple)  # noqa: E731
        new_avg = jax.tree.map(lambda p: p[0], pairs, is_leaf=is_pair)
        steps = jax.tree.map(lambda p: p[1], pairs, is_leaf=is_pair)
        return steps, SquareAvg(avg=new_avg)

    return Optimizer(init=init, update=update)


LEARNING_RATE = 0.03
_, _, rms_losses = make_train(rmsprop(LEARNING_RATE), num_steps=1000)(params0, X, Y)
