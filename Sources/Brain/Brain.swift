/// Brain: the CS193p calculator model.
