# expect: failed grad "0.5·mean((w·x − y)²)" not "jax.grad 会自动带上"
# expect.en: "the function handed to jax.grad returns 0.5·mean" not "adds it for you"
# 错误示范:损失乘了 1/2,slope_grad 还用 @jax.jit 包着。再调用一次时 jit 直接用缓存的程序,
# 看不到 jax.grad 被调用,曾被当成手推导数;现在调用 jit 包着的原函数去看它求导的是什么。
@jax.jit
def slope_grad(w, x, y):
    def loss(v):
        return 0.5 * jnp.mean((v * x - y) ** 2)

    return jax.grad(loss)(w)
