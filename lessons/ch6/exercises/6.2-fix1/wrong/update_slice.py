# expect: failed scatter "dynamic_update_slice" not "重新构造整个数组"
# expect.en: "dynamic_update_slice" not "building the whole array again"
# 错误示范:用 lax.dynamic_update_slice 在下标 i 处写入一个长度 1 的块。数是对的,
# 也没有重建整个数组,只是本题要练的是 .at[i].set;提示不能说它重建了整个数组。
def mark(grid, i, value):
    return lax.dynamic_update_slice(grid, jnp.reshape(value, (1,)).astype(grid.dtype), (i,))
