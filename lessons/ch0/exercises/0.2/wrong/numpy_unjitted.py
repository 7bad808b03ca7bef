# expect: failed compiles "什么都没编译" not "两种模式共用了一个程序"
# expect.en: "compiled nothing" not "both modes shared one program"
# 错误示范:normalize 全程用 NumPy 算,fast_normalize 直接等于 normalize,没有 jit。
# 5 次调用一次也没编译,说不上“两种模式共用一个程序”,消息只说没有 jit 程序在运行。
def normalize(x, center):
    arr = np.asarray(x)
    if center:
        return (arr - arr.mean()) / arr.std()
    return arr / np.sqrt(np.mean(arr * arr))


fast_normalize = normalize
