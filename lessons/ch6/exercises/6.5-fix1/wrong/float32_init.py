# expect: failed dtype "float16"
# expect.en: "float16"
# 错误示范:初值写死成 float32。float32 数据没问题,float16 数据又是 dtype 不一致的 TypeError。
def running_total(xs):
    def add(total, x):
        total = total + x
        return total, total

    return lax.scan(add, jnp.float32(0), xs)
