# expect: failed program "各展开了一份计算"
# expect.en: "unrolled once per example"
# 错误示范(压下症状的错误办法):不用 vmap 了,改成 Python 循环逐个样本求梯度再堆起来。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    rows = [jax.grad(logistic_loss)(theta, X[k], Y[k]) for k in range(len(X))]
    return jax.tree.map(lambda *parts: jnp.stack(parts), *rows)
