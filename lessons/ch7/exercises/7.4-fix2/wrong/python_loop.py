# expect: failed program "各展开了一份计算"
# expect.en: "unrolled once per example"
# 错误示范(压下症状的错误办法):不用 vmap,Python 循环里对每个样本求梯度,统计量用整批的。数对了,程序随 B 变长。
def logistic_loss(params, x, y, mu, sd):
    z = (x - mu) / (sd + 1e-6)
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    mu, sd = X.mean(axis=0), X.std(axis=0)
    rows = [jax.grad(logistic_loss)(theta, X[k], Y[k], mu, sd) for k in range(len(X))]
    return jax.tree.map(lambda *parts: jnp.stack(parts), *rows)
