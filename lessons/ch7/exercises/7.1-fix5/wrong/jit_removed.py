# expect: failed compiles "零散的 eager 运算" not "每种长度各自编译"
# expect.en: "each a separate eager operation" not "each length compiles on its own"
# 错误示范:掩码写对了,却以为重复编译是 jit 造成的,把 @jax.jit 删了。
# 9 次编译是两种桶形状下的零散 eager 运算,并不是每种长度各编译一次,消息不能那样说。
def bucket_loss(w, X, y, mask):
    err = (X @ w - y) * mask
    return jnp.sum(err * err) / jnp.sum(mask)
