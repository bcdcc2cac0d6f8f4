"""Stone Age (Bernd Brunnhofer, Hans im Glück 2008) for 2-4 players."""
