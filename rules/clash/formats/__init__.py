"""The state as others read it: snapshots (plain JSON and back) and what each seat may see."""
