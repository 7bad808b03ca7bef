# expect: failed values "需要具体数值的地方" not "int(times)"
# expect.en: "a place that needs a concrete value" not "int(times)"
# 想用 scan 代替 for,就对 jnp.arange(times) 扫描:arange 的长度决定数组形状,必须是具体的数,
# 在 jit 里 times 却是追踪值。
@jax.jit
def iterate(v, times):
    def body(x, _):
        return 0.5 * jnp.cos(x) + v, None

    x, _ = lax.scan(body, jnp.zeros_like(v), jnp.arange(times))
    return x
