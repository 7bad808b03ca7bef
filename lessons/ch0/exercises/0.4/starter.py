# 练习 0.4:vmap 与逐样本梯度
#
# 本章上下文已经导入了 jax、jax.numpy as jnp、numpy as np。


def example_loss(w, x, y):
    # 一个样本:w 形状 (d,),x 形状 (d,),y 是标量。返回平方误差 (x·w − y)²。
    raise NotImplementedError


def per_example_losses(w, xs, ys):
    # xs 形状 (n, d),ys 形状 (n,)。返回形状 (n,) 的逐样本损失。用 jax.vmap,w 是共享的。
    raise NotImplementedError


def per_example_grads(w, xs, ys):
    # 返回形状 (n, d) 的逐样本梯度:第 i 行是 example_loss 在第 i 个样本上对 w 的梯度。
    raise NotImplementedError


# 写完以后可以在这里自己试一试(检查不依赖这段代码),例如:
#     w = jnp.array([1.0, -1.0, 0.5])
#     xs = jnp.arange(12.0).reshape(4, 3)
#     ys = jnp.zeros(4)
#     print(per_example_losses(w, xs, ys), per_example_grads(w, xs, ys).shape)
