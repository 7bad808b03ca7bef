# expect: failed values "int"
# expect.en: "int"
# 错误示范:先用 int(times) 把次数转成 Python 整数。在 jit 里 times 是追踪值,int() 同样拿不到具体的数。
@jax.jit
def iterate(v, times):
    x = 0.0
    for _ in range(int(times)):
        x = 0.5 * jnp.cos(x) + v
    return x
