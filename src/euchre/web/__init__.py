"""The director's web app: JSON API, director pages, table pages and live standings.

``create_app(database_url)`` in :mod:`euchre.web.app` builds the FastAPI application.
"""
