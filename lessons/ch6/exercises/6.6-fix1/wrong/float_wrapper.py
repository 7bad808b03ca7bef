# expect: failed one_compile "momentum_step 在这 5 次调用里编译了 1 次" "追踪不了" not "逐个运算地执行"
# expect.en: "momentum_step, which compiled 1 time" "cannot be traced" not "operation by operation"
# 错误示范:怕学习率以数组形式传进来,在外层包了一个普通函数,先 float(lr)、float(mu) 再调用 jit 过的
# momentum_step。里面的程序只编译了 1 次,并不是"没编译、逐个运算执行";检查算出的是:fast_update
# 本身没有以自己的名字编译,它调用的 momentum_step 编译了 1 次,而 fast_update 因为 float() 追踪不了。
def momentum_step(opt_state, g, lr, mu):
    return momentum_update(opt_state, g, lr, mu)


_jitted = jax.jit(momentum_step)


def fast_update(opt_state, g, lr, mu):
    return _jitted(opt_state, g, float(lr), float(mu))
