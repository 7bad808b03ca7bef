# expect: failed values "旧速度"
# expect.en: "old velocity"
# 错误示范:手写动量时先用上一步的速度挪参数,新速度留到下一步才用上。
def _by_hand(state, grads, lr, mu):
    velocity = state.velocity * mu + lr * grads
    return OptimizerState(state.params - state.velocity, velocity)


fast_update = jax.jit(_by_hand)
