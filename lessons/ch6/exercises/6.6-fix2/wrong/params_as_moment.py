# expect: failed donate "调用者的参数"
# expect.en: "the caller's parameters"
# 错误示范:拿参数本身当一阶矩的初值。数值不是 0,而且一捐赠状态,调用者的参数也跟着被删掉了。
def adam_init(weights):
    second = jax.tree.map(jnp.zeros_like, weights)
    step0 = jnp.zeros((), jnp.int32)
    return AdamState(count=step0, mu=weights, nu=second)
