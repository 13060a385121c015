/// Size classes: compact or regular, chosen from the terminal size.
