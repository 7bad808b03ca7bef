# expect: failed final_state "padding 步也当成真实输入" not "只把输出置 0"
# expect.en: "running the padding steps as real inputs" not "setting only the output to 0"
# expect.silent: grad_fd
# 接收了 mask 却完全没用:padding 步照常更新状态,也照常输出 h。提示只该说状态被 padding 改了,
# 不该说“只把输出置 0”——这份答案连输出都没置 0。
# grad_fd 也要沉默:最终 h 已经错了,梯度是另一个函数的梯度,不能再说“参数梯度与中心差分不一致”。
def lstm_cell(params: dict, carry, x_t):
    h_old, c_old = carry
    z = params["W"] @ x_t + params["U"] @ h_old + params["b"]
    zi, zf, zo, zg = jnp.split(z, 4)
    c_new = jax.nn.sigmoid(zf) * c_old + jax.nn.sigmoid(zi) * jnp.tanh(zg)
    return jax.nn.sigmoid(zo) * jnp.tanh(c_new), c_new


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    size = params["U"].shape[1]

    def advance(carry, x_t):
        carry = lstm_cell(params, carry, x_t)
        return carry, carry[0]

    run = jax.checkpoint(advance) if use_ckpt else advance
    start = (jnp.zeros(size, xs.dtype), jnp.zeros(size, xs.dtype))
    (h_end, _), hs = lax.scan(run, start, xs)
    return h_end, hs
