# 练习 0.3 参考答案:一次 value_and_grad 交出损失、附带的预测值和梯度。


def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred  # (要求导的标量, 附带结果)


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    # grad_tree 和 params 同结构;tree.map 造出一个新字典,传进来的 params 不动。
    new_params = jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree)
    return new_params, loss, pred


if __name__ == "__main__":
    params = {"w": jnp.array([1.0, -1.0]), "b": jnp.array(0.5)}
    x = jnp.array([[1.0, 2.0], [3.0, 4.0], [0.0, 1.0]])
    y = jnp.array([1.0, 0.0, 2.0])
    print(jax.jit(sgd_step)(params, x, y, 0.1))
