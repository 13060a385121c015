// Tests for Terminal.
