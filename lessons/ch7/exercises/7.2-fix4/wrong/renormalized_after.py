# expect: failed values "0/0" "梯度里回来" not "显式把这种行设成均匀分布"
# expect.en: "0/0" "comes back in the gradient" not "set such a row to uniform explicitly"
# 错误示范:整行先做 softmax,乘上掩码,再除以剩下的和重新归一化。部分有效的行是对的,整行无效时
# 分母是 0,算出 0/0。提示不能再建议"在结果外面套 where 设成均匀分布":0/0 照样在算,梯度里还是 NaN。
def masked_softmax(z, allowed):
    kept = jax.nn.softmax(z, axis=-1) * allowed
    total = jnp.sum(kept, axis=-1, keepdims=True)
    return kept / total
