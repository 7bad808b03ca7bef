# expect: failed values "学习率乘了两次"
# expect.en: "learning rate is applied twice"
# 错误示范:速度里已经乘过学习率,挪参数时又乘了一次 lr,步子被缩小了 lr 倍。


def momentum_step(opt_state, g, lr, mu):
    vel = mu * opt_state.velocity + lr * g
    return OptimizerState(params=opt_state.params - lr * vel, velocity=vel)


fast_update = jax.jit(momentum_step)
