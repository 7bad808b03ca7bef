# expect: failed one_compile "没有编译"
# expect.en: "never compiled"
# isolated: 在 jax.disable_jit() 里运行,改的是整个进程的 JAX 配置
# 错误示范(把症状压下去的错误办法):调用时套上 jax.disable_jit(),编译次数是 0 了,
# 可 jit 也一起被关掉了。
def momentum_step(opt_state, g, lr, mu):
    return momentum_update(opt_state, g, lr, mu)


_static = jax.jit(momentum_step, static_argnames=("lr", "mu"))


def fast_update(opt_state, grads, lr, mu):
    with jax.disable_jit():
        return _static(opt_state, grads, lr, mu)
