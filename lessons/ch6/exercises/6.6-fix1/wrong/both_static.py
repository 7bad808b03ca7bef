# expect: failed one_compile "学习率和动量都是静态参数" not "学习率被当成了静态参数"
# expect.en: "both the learning rate and the momentum are static" not "the learning rate was made a static argument"
# 错误示范:学习率和动量都还标着 static_argnums。5 组取值编译 5 次,
# 看上去像是只有学习率是静态的;再换一个新动量也会编译,两者都得改成动态参数。
def momentum_step(opt_state, g, lr, mu):
    return momentum_update(opt_state, g, lr, mu)


fast_update = jax.jit(momentum_step, static_argnums=(2, 3))
