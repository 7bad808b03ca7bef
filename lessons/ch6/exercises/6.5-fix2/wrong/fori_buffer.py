# expect: failed values "形状" not "整体落后一步" "整体超前一步"
# expect.en: "shape" not "lags one step" "one step ahead"
# 错误示范:换成 fori_loop,往一个长度为 n_steps 的数组里逐个写。上界可以是运行时的值,可数组的形状不行。
@jax.jit
def orbit(x0, n_steps):
    def write(i, carry):
        x, path = carry
        x = 0.5 * x + 1.0
        return x, path.at[i].set(x)

    path0 = jnp.zeros(n_steps, jnp.float32)
    return lax.fori_loop(0, n_steps, write, (x0, path0))[1]
