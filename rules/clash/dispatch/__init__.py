"""What a seat may do now and doing it: the action grammar (choices and apply) over every action
and decision, who must decide now (the prompts), and resigning.
"""
