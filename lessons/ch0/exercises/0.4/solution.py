# 练习 0.4 参考答案:单样本函数 + vmap;grad 和 vmap 直接叠起来。


def example_loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2  # 一个样本,一个标量:grad 可以直接用


def per_example_losses(w, xs, ys):
    # w 是共享的:None 表示不拆开;xs、ys 沿第 0 维一次交出一个样本。
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    # 先对单个样本的损失求 grad(标量输出),再把它批量执行:每行一个样本的梯度。
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)


if __name__ == "__main__":
    w = jnp.array([1.0, -1.0, 0.5])
    xs = jnp.arange(12.0).reshape(4, 3)
    ys = jnp.zeros(4)
    print(per_example_losses(w, xs, ys), per_example_grads(w, xs, ys).shape)
