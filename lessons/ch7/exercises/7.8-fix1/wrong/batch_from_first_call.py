# expect: failed compiles "传进来的 batch 没有被用上" not "不一致"
# expect.en: "the batch passed in is not the one used" not "does not match"
# 错误示范:为了只编译一次,第一次调用时把 epoch 包好存起来;批大小从闭包里取,之后换了 batch 也不会重新生成。
_compiled = []


def _build(size):
    def epoch(w, X, y, lr):
        count = X.shape[0] // size
        starts = jnp.arange(count) * size

        def update(w, start):
            xb = lax.dynamic_slice_in_dim(X, start, size)
            yb = lax.dynamic_slice_in_dim(y, start, size)
            g = jax.grad(lambda v: jnp.mean((xb @ v - yb) ** 2))(w)
            return w - lr * g, None

        return lax.scan(update, w, starts)[0]

    return jax.jit(epoch)


def run_epochs(w, X, y, lrs, batch):
    if not _compiled:
        _compiled.append(_build(batch))
    for lr in lrs:
        w = _compiled[0](w, X, y, lr)
    return w
