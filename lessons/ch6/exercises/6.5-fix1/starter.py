# 修复练习:running_total 一调用就报 TypeError。
# 改到检查通过为止(Ctrl+T 看提示)。


def running_total(xs):
    def add(total, x):
        total = total + x
        return total, total

    return lax.scan(add, jnp.int32(0), xs)
