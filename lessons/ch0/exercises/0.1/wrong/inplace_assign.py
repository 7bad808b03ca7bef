# expect: failed values "就地赋值" ".at[i].set"
# expect.en: "in-place assignment" ".at[i].set"
# 错误示范:NumPy 的习惯,直接给数组元素赋值。JAX 数组不可变,这一行抛 TypeError;
# 换成 NumPy 数组传进来时它倒是能运行,可改掉的是调用者自己的数据。
def drop_and_renormalize(weights, i):
    weights[i] = 0.0
    return weights / weights.sum()
