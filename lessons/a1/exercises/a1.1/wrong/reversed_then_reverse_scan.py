# expect: failed loop "递推的结果再前后颠倒" not "正确答案前后颠倒"
# expect.en: "forward recursion, reversed" not "right answer in reverse order"
# 错误示范:先把输入倒过来,又加了 reverse=True,两次反向抵消,结果也没再翻回来。


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    r_back, d_back = rewards[::-1], dones[::-1]

    def back(acc, pair):
        r, d = pair
        acc = r + gamma * (1.0 - d) * acc
        return acc, acc

    _, out = lax.scan(back, jnp.zeros((), rewards.dtype), (r_back, d_back), reverse=True)
    return out
