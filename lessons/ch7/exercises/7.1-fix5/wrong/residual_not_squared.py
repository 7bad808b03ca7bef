# expect: failed values "本身(没有平方)" not "绝对值"
# expect.en: "themselves, not squared" not "absolute"
# 错误示范:掩码和除以真实行数都对了,却忘了把残差平方,算出的是残差的平均,正负相互抵消。
@jax.jit
def bucket_loss(w, X, y, mask):
    errors = (X @ w - y) * mask
    return errors.sum() / mask.sum()
