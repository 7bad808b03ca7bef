# expect: failed eager "参数 params 本身" not "算出来是 0"
# expect.en: "returns its params argument itself" not "came out 0"
# 错误示范:算出了新参数 new_params,最后却 return params。结果和更新量为 0 时一样,
# 但返回的正是传进来的那个数组对象;提示说出这一点,而不是"更新量算出来是 0"。
def gradient_descent_step(x, lr):
    slope = 2.0 * x
    stepped = x - lr * slope
    return x  # 该返回 stepped
