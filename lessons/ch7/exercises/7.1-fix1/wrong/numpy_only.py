# expect: failed compiles "一次编译也没有"
# expect.en: "compiled nothing at all"
# 错误示范(压下症状的错误办法):改成 NumPy,编译次数是 0,可它已经不是一个 jit 函数了。
def standardize(x):
    x = np.asarray(x)
    return (x - x.mean(axis=0)) / (x.std(axis=0) + 1e-6)
