# expect: failed one_compile "每次调用时新建" not "逐个运算"
# expect.en: "built anew on each call" not "operation by operation"
# 错误示范:jit 的函数定义在调用里面,每次调用都是一个新函数,编译缓存对不上。
def normalize_and_center(x):
    @jax.jit
    def work(v):
        shifted = v - v.mean()
        return shifted / v.std(), shifted

    return work(x)
