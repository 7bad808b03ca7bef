# expect: failed loss "平方误差之和" not "新参数和"
# expect.en: "sum of the" not "The new parameters differ"
# expect.silent: step jit
# 错误示范:损失写成平方误差之和;sgd_step 对这个损失本身做的是正确的一步梯度下降。
# 后面的 sgd_step 和 jit 两项检查算出:新参数正是 params − lr·(这个损失的梯度),所以它们跳过,交给损失那一项。


def loss_and_pred(params, x, y):
    guess = jnp.dot(x, params["w"]) + params["b"]
    return jnp.sum(jnp.square(guess - y)), guess


def sgd_step(params, x, y, lr):
    grad_fn = jax.value_and_grad(loss_and_pred, has_aux=True)
    (value, guess), g = grad_fn(params, x, y)
    updated = {name: params[name] - lr * g[name] for name in params}
    return updated, value, guess
