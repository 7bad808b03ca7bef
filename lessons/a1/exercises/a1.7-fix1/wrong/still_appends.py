# expect: failed no_leak "stash"
# expect.en: "stash"
# 错误示范:中间量已经作为返回值带出来了,可函数里还留着 append,全局列表里仍有一个泄漏的 tracer。
stash = []


@jax.jit
def normalize_and_center(x):
    centered = x - jnp.mean(x)
    stash.append(centered)
    return centered / jnp.std(x), centered
