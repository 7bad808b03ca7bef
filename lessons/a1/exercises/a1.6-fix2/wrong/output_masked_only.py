# expect: failed values "掩码没有决定新的 carry" not "掩码放进了 carry"
# expect.en: "the mask does not decide the new carry" not "the mask was put in the carry"
# 错误示范:掩码和输入一起逐步读取了,却只拿它遮住每步的输出;carry 每一步都更新,填充步也不例外。
# 每条序列都从有效步开始,所以结果和"每步都读掩码第 0 项"一模一样,提示不能说掩码放进了 carry。
def masked_decay(xs, valid):
    def step(h, pair):
        x_t, keep = pair
        updated = 0.8 * h + 0.2 * x_t
        return updated, jnp.where(keep, updated, 0.0)

    final, _outputs = lax.scan(step, jnp.zeros((), xs.dtype), (xs, valid))
    return final
