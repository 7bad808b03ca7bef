# expect: failed mode "反向模式" "同时带着全部 n 个输入方向"
# expect.en: "reverse mode" "carries all n input directions at once"
# 错误示范:以为慢是没 jit,给 jacfwd 套上 jit。程序还是按 n 个输入方向展开。
def sensitivities(x, A, B):
    return jax.jit(jax.jacfwd(lambda q: B @ jnp.tanh(A @ q)))(x)
