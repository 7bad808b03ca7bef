# expect: failed values "整个矩阵" not "自己的统计量"
# expect.en: "of the whole matrix" not "its own statistics"
# 错误示范:统计量确实在 vmap 外面算好再传进去,可 jnp.mean / jnp.std 没写 axis,整个矩阵只得到一个数。


def _example_loss(p, features, label, centre, spread):
    scaled = (features - centre) / (spread + 1e-6)
    score = scaled @ p["w"] + p["b"]
    return jax.nn.softplus(score) - label * score


def per_example_grads(theta, X, Y):
    centre = jnp.mean(X)
    spread = jnp.std(X)
    per_row = jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0, None, None))
    return per_row(theta, X, Y, centre, spread)
