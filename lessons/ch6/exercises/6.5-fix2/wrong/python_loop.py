# expect: failed scan "展开"
# expect.en: "unrolled"
# 错误示范:n_steps 声明成静态参数了,却用 Python for 循环代替 scan。每一步都被展开进程序。
def unrolled(x0, n_steps):
    x, path = x0, []
    for _ in range(n_steps):
        x = 0.5 * x + 1.0
        path.append(x)
    return jnp.stack(path)


orbit = jax.jit(unrolled, static_argnames=("n_steps",))
