"""Lessons: the step-by-step course through every rule of Tute por parejas."""
