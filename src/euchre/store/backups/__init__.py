"""What leaves the app and comes back: an event's exports and its backup, and the club's
backup (members, events and seasons in one file).
"""
