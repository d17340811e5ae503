"""The HTML pages: the director's (events, dashboard, its forms, correction, penalties,
members, seasons, audit) and the public ones (home, standings, a table's phone page, a
member's history), with what only the pages share.
"""
