# expect: failed values "初始 carry 用了 xs[0]"
# expect.en: "the initial carry is xs[0]"
# 错误示范:为了让 carry 的 dtype 跟数据一致,直接拿第一个元素当初值,只扫剩下的元素。
def running_total(xs):
    first, rest = xs[0], xs[1:]

    def step(acc, value):
        acc = acc + value
        return acc, acc

    final, sums = lax.scan(step, first, rest)
    return final, sums
