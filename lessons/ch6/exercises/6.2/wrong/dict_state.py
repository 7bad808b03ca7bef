# expect: failed eager "用字符串去索引了一个元组" "total, seen = state"
# expect.en: "indexed a tuple with a string" "total, seen = state"
# 错误示范:把状态写成字典 {"sum": …, "count": …}。题目规定状态是二元组 (current_sum, count),
# 检查从 (0.0, 0) 开始,按键取值就抛 TypeError;以前只原样显示 Python 的报错,现在说出状态该是什么样子。
def update_moving_average(memo, value):
    running = memo["sum"] + value
    how_many = memo["count"] + 1
    return {"sum": running, "count": how_many}, running / how_many


initial_state = {"sum": jnp.float32(0.0), "count": jnp.int32(0)}
