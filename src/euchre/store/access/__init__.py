"""Who may come in: the directors' passwords and logins, the club code, and slowing down
wrong codes and wrong passwords.
"""
