"""The seven wonders: building them and the Hanging Gardens' action; what the others do is where
it acts (rules.clash.index names every module).
"""
