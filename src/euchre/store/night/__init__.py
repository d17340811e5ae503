"""The night as the director runs it: events and their players, rounds and seating, the
clock's cut-off, playoff conflicts, where a player sits now, and the printouts.
"""
