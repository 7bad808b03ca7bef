# expect: failed per_sample "加的是全局的 passes" not "只追加了一次"
# expect.en: "adds the global passes to the count instead of 1" not "appended to only once"
# 错误示范:用一个全局的轮次编号,每次调用先加一,再把它加到计数上。第二轮起加的就不是 1 了。
passes = 0


def tick(count, v):
    global passes
    passes = passes + 1
    new_count = count + passes
    return new_count, v + 1
