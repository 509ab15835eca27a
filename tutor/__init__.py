"""Tutor de Tute: the Django project package and the trainer apps."""
