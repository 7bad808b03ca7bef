# expect: failed values "J·v/‖v‖" not "不一致"
# expect.en: "J·v/‖v‖" not "does not match"
# 错误示范:按微积分课上“方向导数”的习惯,先把 v 缩放成单位长度。
def directional(x, A, v):
    d = v / jnp.sqrt(jnp.sum(v**2))
    return jax.jvp(lambda p: tanh_layer(p, A), (x,), (d,))[1]
