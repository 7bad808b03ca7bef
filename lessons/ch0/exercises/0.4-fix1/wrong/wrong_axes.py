# expect: failed batch "顺序写反" "(3, 5, 3)" not "大小不一致" "恰好等于 d"
# expect.en: "in the wrong order" "(3, 5, 3)" not "inconsistent sizes" "happens to equal d"
# 错误示范:in_axes 写反了,w 沿第 0 维拆开、xs 整个共享。检查要说出顺序写反,不该把它说成漏写 None。
def predict(w, x):
    return jnp.dot(x, w)


def batch_predict(w, xs):
    return jax.vmap(predict, in_axes=(0, None))(w, xs)
