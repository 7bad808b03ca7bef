# expect: failed values "填充"
# expect.en: "padding"
# 错误示范:直接对整行求平均,填充位置也算进了分母。
def masked_mean(padded, lengths):
    return jnp.mean(padded, axis=1)
