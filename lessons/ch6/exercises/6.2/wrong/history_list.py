# expect: error weak_contrast "UnexpectedTracerError" "history"
# expect.en: "UnexpectedTracerError" "history"
# 错误示范:把读到的每个数都记进模块级列表,平均值从列表里算。
# 在 jit 里,追加进列表的是追踪值(tracer);下一次追踪再读这个列表,就用到了早已失效的追踪值。
history = []


def update_moving_average(carry, value):
    total, seen = carry
    history.append(value)
    average = sum(history) / len(history)
    return (total + value, seen + 1), average


initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))
