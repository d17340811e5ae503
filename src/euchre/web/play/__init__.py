"""Browser play over HTTP: the play API, its pages, the live WebSocket per seat, and its
wiring into the app.
"""
