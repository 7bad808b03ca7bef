# 练习 0.3:value_and_grad 与 has_aux
#
# 本章上下文已经导入了 jax、jax.numpy as jnp、numpy as np。
# params = {"w": 形状 (d,), "b": 标量};x 形状 (n, d);y 形状 (n,)。


def loss_and_pred(params, x, y):
    # 返回 (标量均方误差, 形状 (n,) 的预测值 x @ w + b)。
    raise NotImplementedError


def sgd_step(params, x, y, lr):
    # 用 jax.value_and_grad(loss_and_pred, has_aux=True) 一次拿到损失、预测值和梯度。
    # 返回 (新参数字典, 旧参数上的损失, 旧参数上的预测值);不要改动传进来的 params。
    raise NotImplementedError


# 写完以后可以在这里自己试一试(检查不依赖这段代码),例如:
#     params = {"w": jnp.array([1.0, -1.0]), "b": jnp.array(0.5)}
#     x = jnp.array([[1.0, 2.0], [3.0, 4.0], [0.0, 1.0]])
#     y = jnp.array([1.0, 0.0, 2.0])
#     print(sgd_step(params, x, y, 0.1))
