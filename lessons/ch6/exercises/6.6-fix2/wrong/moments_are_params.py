# expect: failed donate "装的都是参数数组本身" not "同一批零数组"
# expect.en: "both hold the parameter arrays themselves" not "the same zero arrays"
# 错误示范:把 mu、nu 都直接设成参数本身。捐赠时同一块缓冲区被捐两次,但那不是“同一批零数组”,
# 而是参数数组:检查先看 mu、nu 的叶子是不是参数的缓冲区,再说是哪一种。
def adam_init(weights):
    step0 = jnp.zeros((), jnp.int32)
    return AdamState(count=step0, mu=weights, nu=weights)
