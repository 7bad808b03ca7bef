# expect: failed trace_once
# 函数正确,但 jit 版本从 Python 标量 (0.0, 0) 出发:弱类型变强类型,多追踪一次。
def update_moving_average(state, new_value):
    current_sum, count = state
    new_sum = current_sum + new_value
    new_count = count + 1
    return (new_sum, new_count), new_sum / new_count


initial_state = (0.0, 0)
