# expect: failed values "全部为 0" "1 / 5" not "有限的填充值" "去掉 softmax 之后的掩码"
# expect.en: "set to 0 everywhere" "1 / 5" not "finite fill" "drop the mask after the softmax"
# 错误示范:仍用 -inf 填充,只是对整行无效的行先"全部放行"(保留原始 logits)避免 NaN,
# 再按整行把它清成 0。这里没有有限的填充值,去掉最后的 where 也得不到均匀分布,提示不能那样建议。
def masked_softmax(z, allowed):
    row_ok = allowed.any(axis=-1, keepdims=True)
    opened = allowed | ~row_ok
    probs = jax.nn.softmax(jnp.where(opened, z, -jnp.inf), axis=-1)
    return jnp.where(row_ok, probs, 0.0)
