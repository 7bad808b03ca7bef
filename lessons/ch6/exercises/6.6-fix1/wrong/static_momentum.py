# expect: failed one_compile "动量"
# expect.en: "momentum"
# 错误示范:只把学习率改成了动态,动量仍是静态参数;动量一变还是要重新编译。
def momentum_step(opt_state, g, lr, mu):
    return momentum_update(opt_state, g, lr, mu)


fast_update = jax.jit(momentum_step, static_argnames="mu")
