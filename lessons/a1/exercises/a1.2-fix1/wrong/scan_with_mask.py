# expect: failed loop "它的循环是 scan" not "循环要写进程序里"
# expect.en: "its loop is a scan" not "the loop must be part of the program"
# 错误示范:固定跑 64 步的 lax.scan,用 jnp.where 让第 times 步以后不再改 x:结果对、也只编译一次,
# 可循环步数在追踪时就定死了。循环确实在程序里,消息说它是步数固定的 scan,不说“循环要写进程序里”。


@jax.jit
def iterate(v, times):
    def body(x, i):
        return jnp.where(i < times, 0.5 * jnp.cos(x) + v, x), None

    return lax.scan(body, jnp.zeros_like(v), jnp.arange(64))[0]
