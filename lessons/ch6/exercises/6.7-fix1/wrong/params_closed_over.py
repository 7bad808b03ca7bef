# expect: failed shared "从外面读 params" "out_axes=(0, None)" not "让参数沿第 0 轴映射"
# expect.en: "reads params from outside" "out_axes=(0, None)" not "maps the parameters along axis 0"
# 错误示范:用闭包把参数带进 vmap,只映射样本(in_axes 默认 0 指的是 x,不是参数)。参数没有被映射,
# 是默认 out_axes=0 把交回的参数广播成了一批:检查看 vmap 收到的参数里有没有参数字典,再说是哪一种。
def predict_batch(params, xs):
    one_sample = lambda x: predict_and_update(params, x)
    return jax.vmap(one_sample)(xs)
