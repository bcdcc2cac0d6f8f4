"""The heuristic player (self-play's greedy policy and the bot seats): a player, not a rule;
nothing else in rules.clash imports it but the engine's greedy hook.
"""
