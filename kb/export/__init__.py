"""Output: ruling sets in every export format, translations side by side, and text for the terminal."""
