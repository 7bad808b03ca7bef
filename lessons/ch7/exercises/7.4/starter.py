# 练习 7.4:用逐样本梯度找出标签错误的样本
# 上下文里已有:make_blobs(key, n, d, k)、init_mlp、mlp_apply、loss_single、loss_batch、
# per_sample_norm(params, x, y)、accuracy、adam、apply_updates、D_IN = 20、N_CLS = 10。
#
# 需要在顶层定义这 6 个名字(检查直接读取它们):
#   Xn        2000 × 20 的样本          Yn_clean  原始标签 (2000,)
#   Yn        翻转后的标签 (2000,)       flip_idx  被翻转样本的下标(20 个不同的下标)
#   p_noisy   在 Yn 上训练后的参数        norms_n   每个样本的梯度范数,形状 (2000,)
#
# 步骤:
# 1. Xn, Yn_clean = make_blobs(...);不放回地选 20 个下标,把它们的标签换成“另一个”类别。
# 2. 从 init_mlp(key, (D_IN, 64, N_CLS)) 出发,用 adam(1e-2) 在 (Xn, Yn) 上全量训练 150 步,
#    整个循环写成 jit 里的 lax.scan。初始参数和每步的损失曲线也留在顶层(名字随意),
#    检查就能从初始参数重放这 150 步,核对 p_noisy。
# 3. 用 lax.map(..., batch_size=500) 对每个样本算 per_sample_norm,得到 norms_n。
# 4. 自己看看:lax.top_k(norms_n, 40) 找回了几个 flip_idx?
