# 另一种修法:orbit 本身是普通函数,只调用一个把 n_steps 声明为静态参数的 jit 函数;每个新的 n_steps 编译一次。

def halve_and_shift(x, _):
    x = 0.5 * x + 1.0
    return x, x


@partial(jax.jit, static_argnums=1)
def _trajectory(x0, n_steps):
    _, path = lax.scan(halve_and_shift, x0, None, length=n_steps)
    return path


def orbit(x0, n_steps):
    return _trajectory(x0, n_steps)
