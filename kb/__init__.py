"""kb: a searchable knowledge base of Magic: The Gathering card rulings, in Italian and English."""

__version__ = "0.1.0"
