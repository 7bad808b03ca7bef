# expect: failed same_key "调用之间会变的状态" not "比如 np.random)。只用 jax.random 的函数,并把 key 传给它们"
# expect.en: "state that changes between calls" not "Use only jax.random functions and pass them the key"
# 错误示范:噪声用的是模块层的 key,每次调用都往前分一次,传进来的 key 只用来给出 new_key。
# 用的全是 jax.random 的函数,所以消息不能只叫人“只用 jax.random 的函数”:要说噪声由调用之间会变的状态决定。
_noise = {"key": jax.random.key(0)}


def two_views(key, x, scale):
    _noise["key"], k1, k2 = jax.random.split(_noise["key"], 3)
    handed_back = jax.random.split(key)[0]
    first = x + scale * jax.random.normal(k1, x.shape)
    second = x + scale * jax.random.normal(k2, x.shape)
    return handed_back, first, second
