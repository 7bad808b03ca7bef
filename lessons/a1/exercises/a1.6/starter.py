# 练习 a1.6:RK4 常微分方程积分器
# 本章上下文已经导入了 np、jax、jnp、lax、functools,并定义了 oscillator(t, y, omega)(见“上下文”标签页)。


def rk4_step(f, t, y, h, args):
    """经典 RK4 的一步:四个斜率按 1 : 2 : 2 : 1 加权。右端函数的调用形式是 f(t, y, args)。"""
    raise NotImplementedError


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    """用 lax.scan 走 n_steps 步,carry 是 (t, y)。返回 (y_T, traj),traj[i] 是第 i + 1 步之后的状态。"""
    raise NotImplementedError


# 可以在下面自己试一试(检查不依赖这些代码):
# run = jax.jit(lambda start, w: odeint_rk4(oscillator, start, 0.0, 0.01, 500, w))
# final, path = run(jnp.array([1.0, 0.5]), 2.0)
# print(final, path.shape)                  # 解析解 x(5) = cos 10 + 0.25·sin 10
