# expect: failed values "泄漏的 tracer" "全局列表、字典或变量" not "存进全局列表的中间量"
# expect.en: "leaked tracer" "global list, dict or variable" not "stored in a global list"
# 把列表换成了一个全局变量,用 global 语句在 jit 函数里给它赋值:还是把追踪时的中间量留到了函数外面。
# 代码里没有列表,提示不能说中间量“存进全局列表”。
latest_centered = None


@jax.jit
def normalize(x):
    global latest_centered
    latest_centered = x - jnp.mean(x)
    return latest_centered / jnp.std(x)


def normalize_and_center(x):
    z = normalize(x)
    return z, latest_centered * 1.0
