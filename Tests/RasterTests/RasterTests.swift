// Tests for Raster.
