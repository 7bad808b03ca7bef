# expect: failed values "整数(向下取整)除法" not "升温从 0 开始"
# expect.en: "integer (floor) division" not "starts from 0"
# 错误示范:升温的比例用 // 算,前三步的比例被截成 0。
PEAK = 0.1


def lr_at(k):
    steps_done = k + 1
    ratio = min(steps_done // 4, 1)
    return jnp.float32(PEAK * ratio)


@jax.jit
def _step(p, g, lr):
    return p - lr * g


def train(p, grads):
    for k, g in enumerate(grads):
        p = _step(p, g, lr_at(k))
    return p
