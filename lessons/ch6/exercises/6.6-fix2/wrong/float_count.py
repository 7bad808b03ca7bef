# expect: failed values "题目要求的 int32" not "类型不固定"
# expect.en: "as the task asks" not "without a fixed type"
# 错误示范:步数从一个浮点零开始(强类型 float32 标量)。它的类型不会漂移,
# 但题目要的是 int32 的计数;提示只说这一点,不去讲弱类型变强类型。
def adam_init(weights):
    start = jnp.float32(0)
    moment = lambda tree: jax.tree.map(lambda leaf: jnp.zeros(leaf.shape, leaf.dtype), tree)
    return AdamState(count=start, mu=moment(weights), nu=moment(weights))
