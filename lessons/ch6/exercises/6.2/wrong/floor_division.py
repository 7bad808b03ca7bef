# expect: failed fresh "整除 //"
# expect.en: "floor division //"
# 错误示范:用了整除 //。题目数据 2、4、6、8、10 的平均值恰好都是整数,看不出问题;
# 换成一般的数据,小数部分就被截掉了。
def update_moving_average(carry, x):
    total, seen = carry
    total = total + x
    seen = seen + 1
    return (total, seen), total // seen


initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))
