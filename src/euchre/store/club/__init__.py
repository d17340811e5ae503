"""The club across its nights: its members, a member's history and the ratings, and every
recorded game of the club.
"""
