# expect: failed fresh "整除 //" not "把数据存在函数外面"
# expect.en: "floor division //" not "when data is kept outside the function"
# 错误示范:平均值用了整除 //,另外还用全局变量记了调用次数。数据 2、4、6、8、10 的平均值都是整数,
# 整除看不出来;随机数据上平均值就错了。全局变量变了,可同样的调用再跑一遍结果完全相同,
# 错的原因不是函数外面的数据,而是整除。
calls = 0


def update_moving_average(state, new_value):
    global calls
    calls += 1
    running, n = state
    running = running + new_value
    n = n + 1
    return (running, n), running // n


initial_state = (jnp.zeros((), jnp.float32), jnp.zeros((), jnp.int32))
