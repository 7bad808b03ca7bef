# expect: failed scan "scan"
# expect.en: "scan"
# 错误示范:绕开 scan,直接用 cumsum。数值对,但本题练的是 scan 的 carry。
def running_total(xs):
    prefix = jnp.cumsum(xs)
    return prefix[-1], prefix
