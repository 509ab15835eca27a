"""Rules engine for Tute por parejas: pure Python, standard library only, no Django."""
