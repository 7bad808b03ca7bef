# expect: failed scan_in_jaxpr "没有 scan 原语"
# expect.en: "no scan primitive"
# 数学上正确的并行前缀扫描(线性递推 G_t = a_t·G_{t+1} + r_t),但题目要求 lax.scan:jaxpr 里没有 scan 原语。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma):
    decay = gamma * (1.0 - dones)

    def compose(first, second):
        mul_1, add_1 = first
        mul_2, add_2 = second
        return mul_1 * mul_2, mul_2 * add_1 + add_2

    _, totals = lax.associative_scan(compose, (decay, rewards), reverse=True)
    return totals
