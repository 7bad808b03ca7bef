# expect: failed values "截成了整数"
# expect.en: "truncated to an integer"
# 错误示范(把症状压下去的错误办法):在循环体里把和转回 int32,让 carry 的 dtype 对上初值。
# 不再报错,可每一步的小数部分都被丢掉了。
def running_total(xs):
    def add(total, x):
        total = (total + x).astype(jnp.int32)
        return total, total

    return lax.scan(add, jnp.int32(0), xs)
