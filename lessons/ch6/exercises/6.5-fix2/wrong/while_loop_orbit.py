# expect: failed scan "循环写成了 lax.while_loop" not "展开进了程序"
# expect.en: "the loop is a lax.while_loop" not "unrolled into the program"
# 错误示范:n_steps 标成静态后,用 lax.while_loop 加 .at[i].set 自己填轨迹。数值对,程序也不随 n_steps 变长;
# 没有 scan,但也没有展开的循环,提示不能说"循环被展开进了程序"。
@partial(jax.jit, static_argnames="n_steps")
def orbit(x0, n_steps):
    def body(carry):
        i, x, path = carry
        x = 0.5 * x + 1.0
        return i + 1, x, path.at[i].set(x)

    start = (0, x0, jnp.zeros(n_steps, x0.dtype))
    _, _, path = lax.while_loop(lambda c: c[0] < n_steps, body, start)
    return path
