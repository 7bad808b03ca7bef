# expect: failed values "指数移动平均" "(1 − μ)"
# expect.en: "exponential moving average" "(1 − μ)"
# 错误示范:手写动量时把速度写成了梯度的滑动平均,梯度项多乘了 (1 − μ)。
def _by_hand(state, grads, lr, mu):
    velocity = state.velocity * mu + (1 - mu) * lr * grads
    return OptimizerState(state.params - velocity, velocity)


fast_update = jax.jit(_by_hand)
