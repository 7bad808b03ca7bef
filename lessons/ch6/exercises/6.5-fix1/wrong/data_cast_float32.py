# expect: failed dtype "数据本身在进 scan 之前就被转成了 float32" not "carry 的初值没有跟着数据的 dtype 走"
# expect.en: "the data itself is converted to float32" not "the initial carry does not follow"
# 错误示范:为了让类型对上,把初值和数据都转成 float32。float16 数据的结果成了 float32,
# 但初值是跟着(转换后的)数据走的;程序里数据本身被转换,提示就说出这一点。
def running_total(xs):
    def add(total, x):
        total = total + x
        return total, total

    return lax.scan(add, jnp.float32(0), xs.astype(jnp.float32))
