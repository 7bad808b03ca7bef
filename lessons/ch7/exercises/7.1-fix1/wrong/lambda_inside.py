# expect: failed compiles "每次调用都重新编译"
# expect.en: "compiled again on every call"
# 错误示范:把内层 def 换成 lambda,还是每次调用都新建一个函数对象。
def standardize(x):
    return jax.jit(lambda v: (v - v.mean(axis=0)) / (v.std(axis=0) + 1e-6))(x)
