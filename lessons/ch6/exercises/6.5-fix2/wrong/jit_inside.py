# expect: failed compiles "每次调用都新建了一个 jit 函数" not "一次也没有编译"
# expect.en: "every call builds a new jitted function" not "never compiled"
# 错误示范:把 jit 挪进 orbit 里面,给内部函数加装饰器。n_steps 成了闭包里的普通整数,
# 不再报错;可每次调用都定义一个新函数,同一个 n_steps 也要重新编译。
def halve_and_shift(x, _):
    x = 0.5 * x + 1.0
    return x, x


def orbit(x0, n_steps):
    @jax.jit
    def run(start):
        _, path = lax.scan(halve_and_shift, start, None, length=n_steps)
        return path

    return run(x0)
