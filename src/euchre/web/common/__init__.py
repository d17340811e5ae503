"""What every route shares: the request's database and director, errors as HTTP statuses,
sessions and CSRF, devices, the templates, the forms and their fields, the flash
message, a round's name in words, and the club code's gate.
"""
