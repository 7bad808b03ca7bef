# expect: failed values "第一个元素被加了两次" not "差同一个数"
# expect.en: "the first element is added twice" not "by the same amount"
# expect.silent: half_values
# 错误示范:拿第一个元素当 carry 的起点,可 scan 还是从头扫整个 xs,第一个元素算了两遍。
def running_total(xs):
    def step(acc, x):
        acc = acc + x
        return acc, acc

    return lax.scan(step, xs[0], xs)
