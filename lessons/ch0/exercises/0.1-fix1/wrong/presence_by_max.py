# expect: failed eager "不管出现了几次" not "用的是 .set"
# expect.en: "however often each occurs" not "that is .set"
# 错误示范:用 .at[labels].max(1.0) 标记类别,结果只说明哪些类别出现过。程序里没有 .set 的 scatter,
# 提示不能说"用的是 .set",只说出结果只标出了出现过的类别。
def histogram(labels, n):
    return jnp.zeros(n).at[labels].max(1.0)
