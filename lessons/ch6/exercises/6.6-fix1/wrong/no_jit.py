# expect: failed one_compile "没有编译"
# expect.en: "never compiled"
# 错误示范(把症状压下去的错误办法):干脆不 jit 了。没有重新编译,是因为根本没编译,
# 每一步都逐个运算地执行。
def momentum_step(opt_state, g, lr, mu):
    return momentum_update(opt_state, g, lr, mu)


fast_update = momentum_step
