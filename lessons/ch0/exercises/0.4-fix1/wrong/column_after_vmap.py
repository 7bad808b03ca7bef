# expect: failed batch "在 predict 外面加上的" not "被映射的函数里对标量用了"
# expect.en: "was added around predict" not "on the scalar inside the mapped function"
# 错误示范:vmap 写对了,结果却在 vmap 之后用 [:, None] 变成了一列。predict 本身返回标量,
# 多出来的轴是在 vmap 之后加的,消息不能断言它是在被映射的函数里加上的。
def predict(w, x):
    return jnp.dot(x, w)


def batch_predict(w, xs):
    preds = jax.vmap(predict, in_axes=(None, 0))(w, xs)
    return preds[:, None]
