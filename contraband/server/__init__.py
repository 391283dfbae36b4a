"""The web table's back end: seats with secret links, bots, persistence and live updates.

It knows no rule: everything goes through the seat-safe engine calls.
"""
