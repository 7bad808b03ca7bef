# expect: failed values "算的是另一个模式的公式" not "写反"
# expect.en: "computes the other mode's formula" not "swapped"
# 错误示范:if center 里只算了均值却没有用上,两种模式都除以均方根。center 为真时结果等于
# center 为假应得的值,可 center 为假本身是对的:两种模式并没有对调,消息只说这个模式用了另一个模式的公式。
def normalize(x, center):
    if center:
        m = jnp.mean(x)
    return x / jnp.sqrt(jnp.mean(x ** 2))


fast_normalize = jax.jit(normalize, static_argnames="center")
