# expect: failed compiles "没有在 jit 里运行"
# expect.en: "did not run under jit"
# isolated: 在 jax.disable_jit() 里运行,改的是整个进程的 JAX 配置
# 错误示范(压下症状的错误办法):在 disable_jit 下调用,_power 不再重新编译,可每个运算都在 eager 下各自编译、执行。
class Opts:
    def __init__(self, k):
        self.k = k


def _power(x, opts):
    return jnp.sign(x) * jnp.abs(x) ** opts.k


_power_jit = jax.jit(_power, static_argnums=1)


def power(x, opts):
    with jax.disable_jit():
        return _power_jit(x, opts)
