# 参考答案:carry 的初值用数据的 dtype,循环体每一步交回的 carry 类型就和初值一致。


def running_total(xs):
    def add(total, x):
        total = total + x
        return total, total

    return lax.scan(add, jnp.zeros((), xs.dtype), xs)
