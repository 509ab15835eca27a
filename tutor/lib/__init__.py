"""Helpers that several apps share (like healthchecks' hc/lib)."""
