# expect: failed values "没有先减去每行的最大值" not "log 0 = -inf"
# expect.en: "does not subtract each row's maximum first" not "log 0 = -inf"
# 错误示范:log 概率是直接算的,可 log-sum-exp 里没减最大值:logits 到了 100 左右,exp 就上溢成 inf。
def xent(z, labels):
    norm = jnp.log(jnp.sum(jnp.exp(z), axis=1))
    right = jnp.take_along_axis(z, labels[:, None], axis=1)[:, 0]
    return jnp.mean(norm - right)
