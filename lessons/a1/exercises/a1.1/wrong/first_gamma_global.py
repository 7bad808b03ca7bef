# expect: failed loop "第一次调用的 γ" "模块级变量"
# expect.en: "the γ of the first call" "module-level variable"
# 错误示范:把第一次调用的折扣因子存进全局字典,之后的调用都拿它来算,新传入的 gamma 被忽略。
_SEEN = {}


def discounted_returns(r, d, gamma):
    discount = _SEEN.setdefault("gamma", gamma)

    def back(later, step):
        reward, done = step
        now = reward + discount * (1.0 - done) * later
        return now, now

    steps = (r, d)
    _, out = lax.scan(back, jnp.zeros(()), steps, reverse=True)
    return out
