"""A table's score: looked up by its code, submitted and confirmed, settled or corrected,
its penalties, each table's state, and what a correction moved besides the scores.
"""
