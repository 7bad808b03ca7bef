# expect: error values "被留在了 _memo" "每次调用都重新算" not "状态要通过参数传入"
# expect.en: "was kept in _memo" "compute it anew at every call" not "Pass state in as arguments"
# 错误示范:第一次调用时把批统计量存进一个字典,之后一直沿用。第一批数据上完全正确;在 jit 里存下的是
# 第一次追踪的追踪值,换一批大小不同的数据重新追踪时就会用到这个失效的追踪值。
_memo = {}


def _loss(params, x, y, centre, spread):
    z = (x - centre) / (spread + 1e-6)
    logit = z @ params["w"] + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    if not _memo:
        _memo["centre"], _memo["spread"] = jnp.mean(X, axis=0), jnp.std(X, axis=0)
    one = jax.grad(_loss)
    return jax.vmap(one, in_axes=(None, 0, 0, None, None))(
        params, X, Y, _memo["centre"], _memo["spread"]
    )
