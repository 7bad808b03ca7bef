# expect: failed pure "途中不更新任何全局变量" not "计数要由调用者保存"
# expect.en: "with no global variable updated on the way" not "The caller should keep the count"
# 错误示范:计数本身是对的,从参数进来、从返回值出去;可函数另外用全局变量记了自己被调用了几次。
# 消息不能说"计数要由调用者保存"(它已经这样做了),只能说函数不该改动自身以外的东西。
times_called = 0  # 记录函数被调用了几次:这是函数之外的状态


def update_counter(count, increment):
    global times_called
    times_called += 1
    advanced = count + 1
    passed_back = increment
    return advanced, passed_back
