# expect: failed garbage "漏进" not "编译器"
# expect.en: "leaked into the state" not "the compiler may rewrite"
# 错误示范:先把整个掩码转成 0./1. 的浮点数组,再放进 scan,每步用乘法混合新旧状态。
# 乘法在扫描体外就已经是浮点乘法,编译后的程序也算出 0 × inf = NaN,所以提示只说填充值漏进了状态,
# 不说"编译器会把乘法改写成 select"(那只发生在布尔掩码在扫描体里才转成浮点数的时候)。
def masked_decay(xs, valid):
    weights = valid.astype(xs.dtype)

    def body(h, inp):
        x, w = inp
        return w * (0.8 * h + 0.2 * x) + (1.0 - w) * h, None

    h, _ = lax.scan(body, jnp.zeros((), xs.dtype), (xs, weights))
    return h
