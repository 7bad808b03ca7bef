# expect: failed values "最后一个输出" "i=i" not "不一致"
# expect.en: "the gradient of the last output" "i=i" not "does not match"
# 错误示范:每个输出各造一个 grad 函数,可闭包里的下标是循环结束后才读的,每一行都成了同一行。
def sensitivities(x, A, B):
    per_output = []
    for k in range(B.shape[0]):
        per_output.append(jax.grad(lambda q: jnp.dot(B[k], jnp.tanh(A @ q))))
    return jnp.stack([f(x) for f in per_output])
