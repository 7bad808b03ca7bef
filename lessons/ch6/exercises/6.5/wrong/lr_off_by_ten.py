# expect: failed curve "学习率 0.03" not "Adam"
# expect.en: "learning rate 0.03" not "Adam"
# 错误示范:优化器本身写对了,训练时学习率却多乘了 10(0.03 而不是 0.003)。


class SquareAvg(NamedTuple):
    second_moment: dict  # 梯度平方的滑动平均


def rmsprop(lr, rho=0.9, eps=1e-8):
    def init(tree):
        return SquareAvg(jax.tree.map(lambda leaf: jnp.zeros_like(leaf), tree))

    def update(g_tree, st, params=None):
        def one(s, g):
            s_new = rho * s + (1 - rho) * g * g
            return s_new, -(lr * g) / (jnp.sqrt(s_new) + eps)

        pairs = jax.tree.map(one, st.second_moment, g_tree)
        is_pair = lambda x: isinstance(x, tuple)  # noqa: E731
        moment = jax.tree.map(lambda p: p[0], pairs, is_leaf=is_pair)
        steps = jax.tree.map(lambda p: p[1], pairs, is_leaf=is_pair)
        return steps, SquareAvg(moment)

    return Optimizer(init=init, update=update)


LEARNING_RATE = 0.03
train_fn = make_train(rmsprop(LEARNING_RATE), num_steps=1000)
rms_losses = train_fn(params0, X, Y)[2]
