# expect: failed values "学习率乘在速度之后" not "学习率乘了两次"
# expect.en: "the learning rate is applied after the velocity" not "applied twice"
# 错误示范:换成了速度里只累加梯度、更新参数时才乘学习率的写法。学习率固定时两者一样,
# 可这里学习率每一步都变,结果就不同了。
def _momentum(opt_state, g, lr, mu):
    vel = g + mu * opt_state.velocity
    moved = opt_state.params - vel * lr
    return OptimizerState(params=moved, velocity=vel)


fast_update = jax.jit(_momentum)
