# Exercise 7.4: finding mislabelled examples with per-example gradients
# Already in the context: make_blobs(key, n, d, k), init_mlp, mlp_apply, loss_single, loss_batch,
# per_sample_norm(params, x, y), accuracy, adam, apply_updates, D_IN = 20, N_CLS = 10.
#
# Define these 6 names at the top level (the checks read them directly):
#   Xn        the 2000 × 20 examples       Yn_clean  original labels (2000,)
#   Yn        labels after flipping (2000,) flip_idx  indices of the flipped examples (20 distinct indices)
#   p_noisy   parameters trained on Yn      norms_n   each example's gradient norm, shape (2000,)
#
# Steps:
# 1. Xn, Yn_clean = make_blobs(...); pick 20 indices without replacement and switch their labels to "another" class.
# 2. Starting from init_mlp(key, (D_IN, 64, N_CLS)), train full-batch on (Xn, Yn) with adam(1e-2) for 150 steps,
#    the whole loop written as a lax.scan inside jit. Leave the initial parameters and the per-step loss curve at the top level too (any names),
#    so the checks can replay the 150 steps from the initial parameters and verify p_noisy.
# 3. Compute per_sample_norm for every example with lax.map(..., batch_size=500), giving norms_n.
# 4. See for yourself: how many of flip_idx does lax.top_k(norms_n, 40) recover?
