// Tests for gcview.
