# expect: failed grad "0.5·mean((w·x − y)²)" not "jax.grad 会自动带上"
# expect.en: "the function handed to jax.grad returns 0.5·mean" not "adds it for you"
# 错误示范:损失乘了 1/2,而且用的是 from jax import grad 导入的 grad。检查若只替换 jax.grad,
# 就看不到这次求导,会当成手推导数说"jax.grad 会自动带上 2";现在按 grad 本身的代码认出它。
from jax import grad


def slope_grad(w, x, y):
    def loss(v):
        return 0.5 * jnp.mean((v * x - y) ** 2)

    return grad(loss)(w)
