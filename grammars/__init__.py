"""Grammar files shipped as package data (this folder is hloc.grammars inside the wheel)."""
