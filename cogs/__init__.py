"""The Discord layer: commands, components and messages. Game logic lives in rules/."""
