# expect: error values "怎么改取决于每一维应有的含义" not "需要时用 x[:, None]"
# expect.en: "the fix depends on what each axis should mean" not "add a length-1 axis with x[:, None] or reshape where one is meant"
# 错误示范:amplify 对了,amplify_all 却把整组增益一次交给 amplify,x(4 个数)和增益(3 个数)广播不到一起。
# 这里补一个长度为 1 的维并不能得到"每个增益一行",所以广播错误的说明不能只劝补维,只说怎么改取决于各维的含义。


@jax.jit
def amplify(x, gain):
    return gain * x


def amplify_all(x, gains):
    return amplify(x, jnp.asarray(gains))
