# expect: failed step1 "少了括号" not "ε 放进了根号里" "少了对 s 开平方根"
# expect.en: "without parentheses" not "ε went inside" "the square root of s is missing"
# 错误示范:分母没加括号,ε 最后加到了整个更新量上。


class Slot(NamedTuple):
    mean_square: dict  # 平方梯度的滑动平均


def rmsprop(lr, rho=0.90,
            eps=1e-08):
    def start(tree):
        return Slot(jax.tree.map(jnp.zeros_like, tree))

    def update(g_tree, state, params=None):
        ms = jax.tree.map(lambda s, d: rho * s + (1.0 - rho) * d * d, state.mean_square, g_tree)
        step = jax.tree.map(lambda d, s: -lr * d / jnp.sqrt(s) + eps, g_tree, ms)
        return step, Slot(ms)

    return Optimizer(init=start, update=update)


run_all = make_train(rmsprop(0.003), num_steps=1000)
rms_losses = run_all(params0, X, Y)[2]
