// Tests for Brain.
