// Tests for SizeClass.
