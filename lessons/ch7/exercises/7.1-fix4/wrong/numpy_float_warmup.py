# expect: failed compiles "float64 强类型" "弱类型和强类型是两个不同的缓存键"
# expect.en: "float64 strong type" "a weak type and a strong type are two different cache keys"
# 错误示范:升温阶段用 NumPy 的 float64 算学习率,之后返回 Python float。np.float64 是 float 的子类,
# 但 jit 把它当强类型,Python float 是弱类型:检查按 jit 的看法区分两者,点名类型混用。

def lr_at(k):
    if k < 4:
        return np.float64(0.1) * (k + 1) / 4  # NumPy 标量
    return 0.1  # Python float


def _sgd_step(p, g, lr):
    return p - lr * g


sgd_step = jax.jit(_sgd_step)


def train(p, grads):
    for k, g in enumerate(grads):
        p = sgd_step(p, g, lr_at(k))
    return p
