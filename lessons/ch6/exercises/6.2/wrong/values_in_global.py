# expect: error fresh "改动了模块级变量 history"
# expect.en: "changed module-level variables: history"
# 错误示范:把每个新值都记在模块级的列表里,平均值按这个列表来算;列表跨调用一直变长,状态藏在了函数外面。
history = []


def update_moving_average(carry, x):
    s, k = carry
    history.append(float(x))
    return (s + x, k + 1), sum(history) / len(history)


initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))
