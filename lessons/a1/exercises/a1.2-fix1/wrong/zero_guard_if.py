# expect: failed values "if" "bool()" not "int(times)"
# expect.en: "if" "bool()" not "int(times)"
# 循环已经改成 fori_loop,却担心 times = 0,先用 Python 的 if 判断了一次:在 jit 里这个比较的结果
# 是追踪值,if 拿不到 True/False。报错和 int() 无关。
@jax.jit
def iterate(v, times):
    if times == 0:
        return jnp.zeros_like(v)
    return lax.fori_loop(0, times, lambda i, x: 0.5 * jnp.cos(x) + v, jnp.zeros_like(v))
