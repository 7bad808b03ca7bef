# expect: failed jit "x / (1 + jnp.abs(x))" not "if" "对调"
# expect.en: "x / (1 + jnp.abs(x))" not "if" "swapped"
# 错误示范:想用一个不分支的式子,分母里却用了 relu(只留正数)而不是绝对值,负数一侧分母成了 1。
def soft_sign(x):
    return x / (1.0 + jax.nn.relu(x))
