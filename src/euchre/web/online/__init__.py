"""Club nights played online over HTTP: the routes, what a player sees between his games,
and the answers' schemas.
"""
