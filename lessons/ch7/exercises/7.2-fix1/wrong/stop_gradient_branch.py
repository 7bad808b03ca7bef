# expect: failed grad "lax.stop_gradient" not "不一致"
# expect.en: "lax.stop_gradient" not "does not match"
# 错误示范(压下症状的错误办法):以为 NaN 是从分支的反向传播里来的,就把分子分母都挡在求导之外;NaN 没了,梯度也没了。
def sinc(x):
    top = jax.lax.stop_gradient(jnp.sin(x))
    bottom = jax.lax.stop_gradient(x)
    return jnp.where(x != 0, top / bottom, 1.0)
