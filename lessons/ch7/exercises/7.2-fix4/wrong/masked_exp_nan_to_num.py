# expect: failed values "分母是 0" not "再乘上掩码" "全是 -inf 的行"
# expect.en: "the normalization computes 0/0" not "multiplied by the mask afterwards" "all -inf row"
# 错误示范:exp 按掩码清零再归一化,整行无效时 0/0 = NaN,再用 nan_to_num 把 NaN 换成 0。
# 这里没有填充值、也没有在 softmax 之后乘掩码,更没有 -inf:消息只能说 checkify 找到的除以 0。
def masked_softmax(z, allowed):
    e = jnp.exp(z - z.max(axis=-1, keepdims=True)) * allowed
    return jnp.nan_to_num(e / e.sum(axis=-1, keepdims=True))
