# expect: failed improves "升到了" not "只从"
# expect.en: "up to" not "only went"
# 错误示范:RMSProp 本身没写错,训练时却用了 lr=0.3,是题目要求的一百倍;步子太大,损失一路往上走。
# 损失是升高而不是降得不够,提示要说"升到了",不能说"只从……降到"。


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
        # 负号:apply_updates 会把增量加到参数上
        delta = jax.tree.map(lambda g, v: -lr * g / (jnp.sqrt(v) + eps), grads, avg)
        return delta, RMSState(avg)

    return Optimizer(init=init, update=update)


trainer = make_train(rmsprop(lr=0.3), num_steps=1000)
_, _, rms_losses = trainer(params0, X, Y)

if __name__ == "__main__":
    print(f"RMSProp:初始损失 {float(rms_losses[0]):.4f},最终损失 {float(rms_losses[-1]):.5f}")
