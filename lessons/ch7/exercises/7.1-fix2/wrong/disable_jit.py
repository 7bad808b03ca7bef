# expect: failed compiles "没有在 jit 里运行"
# expect.en: "did not run under jit"
# isolated: 在 jax.disable_jit() 里运行,改的是整个进程的 JAX 配置
# 错误示范(压下症状的错误办法):关掉 jit,不再重新编译,可每个 eager 小运算各自编译、逐个执行。
class Layer:
    def __init__(self, weight):
        self.weight = weight

    def _compute(self, x):
        return jnp.tanh(x @ self.weight)

    def __call__(self, x):
        with jax.disable_jit():
            return jax.jit(self._compute)(x)
