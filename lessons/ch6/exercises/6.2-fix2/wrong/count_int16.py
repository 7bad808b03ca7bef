# expect: failed jit "返回前被转换了" not "浮点数"
# expect.en: "converted on the way out" not "as a float"
# 错误示范:新计数转成了 int16。dtype 不再是 int32,但也不是浮点数;提示不能说"新计数成了浮点数"。
def tick(count, v):
    bumped = (count + 1).astype(jnp.int16)
    return bumped, v + 1
