"""The learner's data: the progress database and the draft files."""
