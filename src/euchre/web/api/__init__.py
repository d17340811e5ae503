"""The JSON API: a router per concern (events and rounds, results, members, history,
seasons, the club, sheets, code blocks), its schemas and the rows turned into them.
"""
