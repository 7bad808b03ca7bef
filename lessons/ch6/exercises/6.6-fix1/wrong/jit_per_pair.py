# expect: failed one_compile "每一组新的" "普通(被追踪的)参数" not "一次也没有编译"
# expect.en: "each new pair" "ordinary (traced) arguments" not "never compiled"
# 错误示范:外层函数不 jit,而是按 (学习率, 动量) 记住一个 jit 过的闭包。lr 和 mu 成了闭包里的常数,每来一组新值就新编译一次。
import functools


@functools.lru_cache(maxsize=None)
def _program_for(lr, mu):
    return jax.jit(functools.partial(momentum_update, learning_rate=lr, momentum=mu))


def fast_update(opt_state, g, lr, mu):
    return _program_for(float(lr), float(mu))(opt_state, g)
