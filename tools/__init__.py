"""Command-line tools that measure and simulate (not tests)."""
