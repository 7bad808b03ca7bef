# expect: failed step "位置对调了" not "jax.tree.map 交给 lambda 的两个参数顺序反了"
# expect.en: "swapped places" not "came from jax.tree.map in the other order"
# 更新写成了字典推导式,减号两边放反:grads[k] − lr·params[k]。代码里根本没有 tree.map,
# 消息只能说参数和梯度对调了,不能说是 tree.map 交参数的顺序反了。


def loss_and_pred(params, x, y):
    guess = x @ params["w"] + params["b"]
    err = guess - y
    return jnp.mean(err * err), guess


def sgd_step(params, x, y, lr):
    (loss, guess), g = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    updated = {name: g[name] - lr * params[name] for name in params}
    return updated, loss, guess
