# expect: failed values "成了编译好的程序里的常量"
# expect.en: "became a constant of the compiled program"
# 错误示范:学习率在 jit 的函数里从一个模块级的步数变量算出来。追踪只发生一次,第一步的学习率就被编进了程序。
_state = [0]


def lr_at(k):
    warm = 0.1 * (k + 1) / 4 if k < 4 else 0.1
    return jnp.asarray(warm, jnp.float32)


@jax.jit
def step(p, g):
    return p - lr_at(_state[0]) * g


def train(p, grads):
    for k, g in enumerate(grads):
        _state[0] = k
        p = step(p, g)
    return p
