# 进阶第 1 章上下文:笔记本在“补充练习”之前已经定义好的名字。
# 你的答案运行之前,下面这些名字都已经存在(与原笔记本同名、同签名),可以直接用,也可以覆盖。
import contextlib
import functools
import io
import time

import jax
from jax import lax
import jax.numpy as jnp
import numpy as np

# 打印 jaxpr 时关掉 ANSI 颜色码,这样 str(jaxpr) 才能直接做 "scan[" in ... 这样的字符串判断。
jax.config.update(name="jax_pprint_use_color", val=False)

# 笔记本自己的断言计数器。
N_ASSERT = 0


def check(cond, msg=""):
    """cond 为假:抛出 AssertionError(msg);为真:N_ASSERT 加 1。"""
    global N_ASSERT
    if not cond:
        raise AssertionError(msg)
    N_ASSERT = N_ASSERT + 1


def bench(f, *args, n=20):
    """计时(毫秒,取中位数):先调用一次把编译排除在外,再重复 n 次。"""

    def once():
        return jax.block_until_ready(f(*args))

    once()
    laps = np.empty(n)
    for i in range(n):
        tic = time.perf_counter()
        once()
        laps[i] = time.perf_counter() - tic
    return float(np.median(laps)) * 1000.0


# 1.1 节的线性模型:params = (w, b),预测 w·x + b,损失是平方误差的均值。
def loss_fn(params, x, y_true):
    w, b = params
    residual = jnp.dot(w, x) + b - y_true
    return jnp.mean(residual * residual)


# 1.8 节综合实践 A 的 LSTM 初始化。四个门沿第 0 维堆叠,行块顺序是 i、f、o、g:
# W 形状 (4H, D),U 形状 (4H, H),b 形状 (4H,);遗忘门 f 那一块(第 H 到 2H 行)的偏置为 1。
def init_lstm(key, D, H):
    key_in, key_rec = jax.random.split(key)
    scale_in, scale_rec = 1.0 / np.sqrt(D), 1.0 / np.sqrt(H)
    forget_one = jnp.concatenate([jnp.zeros(H), jnp.ones(H), jnp.zeros(2 * H)])
    return {
        "W": scale_in * jax.random.normal(key_in, (4 * H, D)),
        "U": scale_rec * jax.random.normal(key_rec, (4 * H, H)),
        "b": forget_one,
    }


# 1.8 节综合实践 B 的右端函数:简谐振子 x'' = -ω² x,状态 y = (x, v),args 就是 ω。
def oscillator(t, y, omega):
    position, velocity = y[0], y[1]
    return jnp.stack([velocity, -(omega * omega) * position])
