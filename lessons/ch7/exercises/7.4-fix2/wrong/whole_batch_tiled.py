# expect: failed values "对整批的损失求 grad" not "参考值不一致"
# expect.en: "taking grad of the whole batch's loss" not "do not match"
# 错误示范:为了让统计量取自整批,干脆不用 vmap,对批平均损失求一次 grad,再用 tile 铺满每一行。
def batch_loss(params, X, Y):
    center = X.mean(axis=0)
    spread = X.std(axis=0) + 1e-6
    z = ((X - center) / spread) @ params["w"] + params["b"]
    return jnp.mean(jnp.logaddexp(0.0, z) - Y * z)


def per_example_grads(params, X, Y):
    g = jax.grad(batch_loss)(params, X, Y)
    n = Y.shape[0]
    return {"w": jnp.tile(g["w"], (n, 1)), "b": jnp.tile(g["b"], n)}
