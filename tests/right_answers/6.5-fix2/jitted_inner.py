# 另一种修法:orbit 本身是普通函数,只调用一个把 n_steps 声明为静态参数的 jit 函数;每个新的 n_steps 编译一次。


def _step(x, _):
    nxt = 0.5 * x + 1.0
    return nxt, nxt


def _path(x0, n_steps):
    return lax.scan(_step, x0, None, length=n_steps)[1]


_compiled_path = jax.jit(_path, static_argnames="n_steps")


def orbit(x0, n_steps):
    return _compiled_path(x0, n_steps=n_steps)
