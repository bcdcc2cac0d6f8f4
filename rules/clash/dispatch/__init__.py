"""What the game waits for now and doing it: the one dispatcher (``contexts``), the turn's actions
and every decision's answer (``grammar``), every follow-up (``follow_ups``), and resigning.
"""
