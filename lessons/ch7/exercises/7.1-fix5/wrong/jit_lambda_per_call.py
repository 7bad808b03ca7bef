# expect: failed compiles "原因不在长度" "新建了一个 jit 函数" not "每种长度都有自己的编译"
# expect.en: "lengths are not the cause" "builds a new jitted function" not "each length compiles on its own"
# 错误示范:掩码写对了,但每次调用都在函数里对一个新的 lambda 做 jax.jit,同一长度重复调用也要重新编译。
# 6 次编译不是“每种长度各编译一次”:检查把同一次调用重复一遍,测出每次都新建了 jit 函数,才这样说。
def _masked(w, X, y, mask):
    resid = (X @ w - y) * mask
    return jnp.sum(resid * resid) / jnp.sum(mask)


def bucket_loss(w, X, y, mask):
    return jax.jit(lambda w_: _masked(w_, X, y, mask))(w)
