# expect: failed one_compile "在 jit 之外逐个运算地执行 convert_element_type" not "一次也没有编译"
# expect.en: "runs convert_element_type outside jit" not "never compiled"
# 错误示范:外层普通函数先把 lr、mu 转成 float32 数组,再调用 jit 过的 momentum_step。里面的程序只编译了
# 1 次;检查追踪 fast_update 看到的是:调用前后还有 convert_element_type 在 jit 之外逐个运算地执行,
# fast_update 本身不是 jit 函数。提示说的就是这些,而不是"一次也没有编译"。
def momentum_step(opt_state, g, lr, mu):
    return momentum_update(opt_state, g, lr, mu)


_jitted = jax.jit(momentum_step)


def fast_update(opt_state, g, lr, mu):
    lr = jnp.asarray(lr, jnp.float32)
    mu = jnp.asarray(mu, jnp.float32)
    return _jitted(opt_state, g, lr, mu)
