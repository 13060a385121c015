/// Terminal: graphics encoders, capability detection and terminal I/O.
