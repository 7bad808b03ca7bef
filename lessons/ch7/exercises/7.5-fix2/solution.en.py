# Reference solution: Adam's direction first, then add wd·θ, finally times −lr (decoupled weight decay).


def make_adamw(lr, wd):
    direction = scale_by_adam()
    shrink = add_decayed_weights(wd)
    step_size = scale_by_learning_rate(lr)
    return chain(direction, shrink, step_size)
