# expect: failed eager "调用之间自己保存的状态" "改动了模块级变量 registry" not "count + increment"
# expect.en: "state the function keeps between calls" "changed module-level variables: registry" not "count + increment"
# 错误示范:把计数记在一个模块级字典里,每调用一次加 1,传进来的 count 根本没用上。
# 单次调用看起来没问题;同样的参数再调一次,结果却变了,因为状态藏在函数外面。
registry = {"calls": 0}


def update_counter(count, increment):
    registry["calls"] = registry["calls"] + 1
    return registry["calls"], increment
